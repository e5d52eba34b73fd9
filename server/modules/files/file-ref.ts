import type { FileRef } from '@shared/files';
import { objectUrlFor, UPLOAD_KEY_PREFIX } from '@shared/files';
import type { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

/** Pending uploads live where presigned URLs can write; a confirmed file moves out of reach. */
export const incomingKey = (id: string) => `${UPLOAD_KEY_PREFIX}${id}`;
export const documentKey = (id: string) => `documents/${id}`;

/** A file as the API names it: its download URL, never its storage key. */
export function presentFile(row: FileRow): FileRef {
  return {
    id: row.id,
    name: row.filename,
    contentType: row.contentType,
    size: row.size,
    url: objectUrlFor(row.id),
  };
}
