import { z } from 'zod';
import { formatBytes } from './bytes';
import { isSingleLineText, singleLineText } from './form-fields';
import { LIMITS } from './limits';
import { isUuid, UUID_PATTERN } from './uuid';

export { formatBytes };

/** Spec §5 Uploads: PDF, DOC or DOCX. The server checks the first bytes, not the name. */
export const ACCEPTED_DOCUMENT_TYPES = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
} as const;
export type DocumentContentType = keyof typeof ACCEPTED_DOCUMENT_TYPES;
export const ACCEPTED_CONTENT_TYPES = Object.keys(ACCEPTED_DOCUMENT_TYPES) as DocumentContentType[];
export const ACCEPTED_EXTENSIONS = Object.values(ACCEPTED_DOCUMENT_TYPES).flat();

export const isDocumentContentType = (value: string): value is DocumentContentType =>
  value in ACCEPTED_DOCUMENT_TYPES;

/** Spec §4 and §9 Uploads: one request below 100 MB, parts of 5 MB or more above it, 10000 parts at most. */
export const UPLOAD_DEFAULTS = {
  multipartThresholdBytes: 100 * 1024 * 1024,
  minPartBytes: 5 * 1024 * 1024,
  maxParts: 10000,
  concurrentRequests: 6,
  retryDelaysMs: [0, 1000, 3000, 5000],
} as const;

/**
 * The length of part `partNumber` (from 1) of a multipart upload of `size` bytes cut into parts of
 * `partBytes` (Uppy's cut: every part that size, the last one the rest; one part when the file is not larger),
 * or null past the last part. With S3 each part's URL is signed for exactly this length.
 */
export function partLength(size: number, partBytes: number, partNumber: number): number | null {
  const start = (partNumber - 1) * partBytes;
  if (partNumber < 1 || start >= size) return null;
  return Math.min(partBytes, size - start);
}
export const partCount = (size: number, partBytes: number) => Math.max(1, Math.ceil(size / partBytes));

/** What the browser's uploader needs from the server's configuration (GET /api/uploads/settings). */
export type UploadSettings = {
  maxFileBytes: number;
  multipartThresholdBytes: number;
  minPartBytes: number;
  maxParts: number;
};

/**
 * Spec §5 restriction messages (Uppy's own wording): the uploader shows them in the browser and the
 * server answers with the same text when it refuses a file.
 */
export const FILE_MESSAGES = {
  exceedsSize: (file: string, maxBytes: number = LIMITS.maxFileBytes) =>
    `${file} exceeds maximum allowed size of ${formatBytes(maxBytes)}`,
  onlyTypes: `You can only upload: ${ACCEPTED_EXTENSIONS.join(', ')}`,
  filenameRequired: 'File name is required',
  /** The name holds a control character, a line break, a direction override or an invisible character. */
  filenameCharacters:
    'The file name contains a character that is not allowed (a control, direction or invisible character). Rename the file and upload it again.',
  notUploaded: 'The file did not arrive. Please upload it again.',
  fileNotFound: 'Upload the file again before saving.',
  partsInvalid: 'The uploaded parts do not match. Please upload the file again.',
  /** 400 with S3 storage: a presigned URL carries the signed length, so the size must be known first. */
  sizeRequired: 'The file’s size is required: storage accepts exactly the number of bytes announced.',
  partNumberRange: (max: number) => `Part number must be between 1 and ${max}`,
  /** 413 at confirmation: more bytes arrived than the upload announced. */
  largerThanDeclared: (file: string) => `${file} is larger than announced. Please upload it again.`,
  /** 413 when a new upload would take the user past the storage quota (UPLOAD_QUOTA_MB). */
  quotaExceeded: (quotaMb: number) =>
    `You have used your ${quotaMb} MB of storage. Delete documents you no longer need to upload more.`,
  /** 501 from GET /api/uploads/s3/sts (spec §7), by storage driver. */
  temporaryCredentialsLocal:
    'Temporary upload credentials are not available: files are stored on this server, not in S3. Upload through /api/uploads/s3/params or /api/uploads/s3/multipart.',
  temporaryCredentialsS3:
    'Temporary upload credentials are not issued: the server signs each upload itself (/api/uploads/s3/params or /api/uploads/s3/multipart), so that it can check every file against the size, type and storage limits.',
} as const;

/** A file name's extension, as the end of a name shows it: a dot and 1 to 10 letters or digits. */
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * The name a confirmed file is kept under: the name it was uploaded with, its extension the one of the type
 * its bytes are (report.html that is a PDF becomes report.pdf, a name without one gets it), within the
 * length a name may have. A name that already ends right, in any case, is kept as it is.
 */
export function storedFileName(name: string, type: DocumentContentType): string {
  const extension = ACCEPTED_DOCUMENT_TYPES[type][0];
  const current = name.match(EXTENSION)?.[0];
  if (current?.toLowerCase() === extension && name.length > current.length) return name;
  const chars = Array.from((current ? name.slice(0, -current.length) : name).trimEnd());
  // Whole characters are dropped from the end, so no surrogate pair is cut in half.
  while (chars.join('').length + extension.length > LIMITS.shortText) chars.pop();
  return `${chars.join('').trimEnd() || 'document'}${extension}`;
}

/** POST /api/objects/upload: what the browser is about to send. */
export const uploadRequestSchema = z.object({
  filename: z
    .string({ error: FILE_MESSAGES.filenameRequired })
    .refine(isSingleLineText, FILE_MESSAGES.filenameCharacters)
    .trim()
    .min(1, FILE_MESSAGES.filenameRequired)
    .max(LIMITS.shortText),
  contentType: z
    .string({ error: FILE_MESSAGES.onlyTypes })
    .refine(isDocumentContentType, FILE_MESSAGES.onlyTypes),
  size: z.number({ error: 'Size is required' }).int().nonnegative(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export type UploadTicket = { uploadURL: string; objectPath: string };

/**
 * A stored document as forms keep it: the file id, its name, type and size, and the path it is
 * downloaded from (`/objects/{id}`, authorised per request).
 */
export const fileRefSchema = z.object({
  id: z.uuid(),
  name: singleLineText().min(1).max(LIMITS.shortText),
  contentType: z.string().max(200),
  size: z.number().int().nonnegative(),
  url: z.string().max(500),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const objectUrlFor = (id: string) => `/objects/${id}`;

/**
 * Where a pending upload's bytes go in storage: `incoming/{file id}` (server/modules/files/file-ref.ts). The
 * upload URLs the server signs end with it, on both drivers, for a whole file and for each part.
 */
export const UPLOAD_KEY_PREFIX = 'incoming/';
/**
 * How long a file's URL may be: an S3 presigned URL made with temporary credentials carries a session token
 * of a kilobyte or more.
 */
export const FILE_REFERENCE_MAX = 4096;

/** `/objects/{id}` (a download), `/api/objects/{id}`, or `…/incoming/{id}` (an upload URL's path, its key). */
const REFERENCE_PATH = new RegExp(
  `(?:^|/)(?:objects|${UPLOAD_KEY_PREFIX.slice(0, -1)})/(${UUID_PATTERN})$`,
  'i',
);

/**
 * The file id a URL names, or null: the objectPath or download URL (`/objects/{id}`), or the URL the upload
 * went to, exactly as POST /api/objects/upload (or the companion routes) answered it, with or without its
 * query: the app's own signed URL, an S3 presigned URL (path or virtual-host style), a part's URL. Only the
 * path counts, never the host: whose file it is, and whether it is confirmed, the server decides by the id.
 */
export function fileIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url.trim(), 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const match = path.match(REFERENCE_PATH);
  return match ? match[1].toLowerCase() : null;
}

/** A file named by one of the URLs fileIdFromUrl reads. */
const fileUrlSchema = z
  .string({ error: FILE_MESSAGES.fileNotFound })
  .max(FILE_REFERENCE_MAX, FILE_MESSAGES.fileNotFound)
  .refine((v) => fileIdFromUrl(v) !== null, FILE_MESSAGES.fileNotFound);

/**
 * A file a form names (PRODUCT.md §6: document lists take the URL or objectPath): one of its URLs, or a
 * FileRef as the API answered it, of which only the id counts. The server replaces each with the caller's own
 * confirmed file (confirming a finished upload there), so a name, size or URL sent with it is never kept.
 */
export const fileReferenceSchema = z.union(
  [
    fileUrlSchema,
    z
      .object({
        id: z
          .string({ error: FILE_MESSAGES.fileNotFound })
          .max(100)
          .refine(isUuid, FILE_MESSAGES.fileNotFound),
      })
      .loose(),
  ],
  { error: FILE_MESSAGES.fileNotFound },
);
export type FileReference = z.input<typeof fileReferenceSchema>;

/** PUT /api/attorney/resume (spec §7): the uploaded file's URL (the upload URL itself too) or objectPath. */
export const resumeUpdateSchema = z.object({ resumeURL: fileUrlSchema });
export type ResumeUpdate = z.infer<typeof resumeUpdateSchema>;
