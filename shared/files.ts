import { z } from 'zod';
import { LIMITS } from './limits';

/** Spec §5 Uploads: PDF, DOC or DOCX. The server checks the first bytes, not the name. */
export const ACCEPTED_DOCUMENT_TYPES = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
} as const;
export type DocumentContentType = keyof typeof ACCEPTED_DOCUMENT_TYPES;
export const ACCEPTED_EXTENSIONS = Object.values(ACCEPTED_DOCUMENT_TYPES).flat();

/**
 * A stored document as forms keep it: the file id, its name, type and size, and the path it is
 * downloaded from (`/objects/{id}`, authorised per request).
 */
export const fileRefSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(LIMITS.shortText),
  contentType: z.string().max(200),
  size: z.number().int().nonnegative(),
  url: z.string().max(500),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const objectUrlFor = (id: string) => `/objects/${id}`;
