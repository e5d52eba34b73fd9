import { FILE_MESSAGES } from '@shared/files';

/** The server refused a file at confirmation; the message is the server's own, meant for the user. */
export class ServerRefusal extends Error {
  override name = 'ServerRefusal';
}

/**
 * What the user should read when an upload fails, or undefined when Uppy only has its generic text
 * ('Non 2xx', 'Unknown error'):
 * - the companion-style routes (s3/params, s3/multipart, …/complete) answer a 4xx with
 *   `{ message }` (the quota, a size over 10 MB): @uppy/companion-client hands that message on as a
 *   UserFacingApiError;
 * - confirmation goes through lib/client's api() and fails as a ServerRefusal with the server's message;
 * - a PUT straight to storage answered 413 (the local driver counting the bytes, or S3's
 *   EntityTooLarge) carries S3's XML, so the spec's size message stands in for it.
 */
export function serverUploadMessage(fileName: string, error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'UserFacingApiError' || error instanceof ServerRefusal)
    return error.message || undefined;
  const status = (error as { source?: { status?: unknown } }).source?.status;
  if (status === 413) return FILE_MESSAGES.exceedsSize(fileName);
  return undefined;
}
