import type { User } from '@shared/auth';
import { type AttorneyUser, AUDIENCES, definePolicy } from './authorize';

/** What a download is judged on: the file's owner, and the firm's grant when a firm user asks. */
export type DownloadCheck = { ownerId: string; firmGrant: boolean };

/** Attorney documents (PRODUCT.md §4, §8). */
export const filePolicies = {
  /** Uploading, confirming and naming a resume: the attorney's own files only. */
  upload: definePolicy({ name: 'file.upload', audience: AUDIENCES.attorney }),
  ownFile: definePolicy<AttorneyUser, { ownerId: string }>({
    name: 'file.ownFile',
    audience: AUDIENCES.attorney,
    rule: (actor, file) => file.ownerId === actor.id,
  }),
  /** Reading documents at all: signed-in users; which file is judged by `download` on the row. */
  readFiles: definePolicy({ name: 'file.readFiles', audience: AUDIENCES.signedIn }),
  /**
   * GET /objects/{id}: the owner, or a firm user whose currently readable shared package lists the file
   * (the grant, from shared_package_files). Everyone else gets 404: a file's existence is never revealed.
   */
  download: definePolicy<User, DownloadCheck>({
    name: 'file.download',
    audience: AUDIENCES.signedIn,
    rule: (actor, file) => file.ownerId === actor.id || (actor.userType === 'firm' && file.firmGrant),
  }),
  /** The local storage's signed PUT and the sweeper of abandoned uploads act for nobody in particular. */
  signedUpload: definePolicy({ name: 'file.signedUpload', audience: AUDIENCES.anyone }),
  sweep: definePolicy({ name: 'file.sweep', audience: AUDIENCES.system }),
};
