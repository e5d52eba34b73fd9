import type { DocumentContentType } from '@shared/files';

const PDF = Buffer.from('%PDF-');
// OLE2 compound file: Word 97-2003 .doc.
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** How much of the start and of the end (the zip central directory) is read. */
export const HEAD_BYTES = 4096;
export const TAIL_BYTES = 64 * 1024;

/**
 * The document type the bytes are, whatever the name says: PDF, DOC, or DOCX (a zip whose entries
 * include [Content_Types].xml and word/…), else null.
 */
export function detectDocumentType(head: Buffer, tail: Buffer): DocumentContentType | null {
  if (head.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (head.subarray(0, OLE2.length).equals(OLE2)) return 'application/msword';
  if (head.subarray(0, ZIP.length).equals(ZIP)) {
    const names = Buffer.concat([head, tail]);
    if (names.includes('[Content_Types].xml') && names.includes('word/'))
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return null;
}
