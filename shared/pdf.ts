/** What a PDF download answers when the renderer cannot take it now (server/pdf/pdf-workers.ts). */
export const PDF_MESSAGES = {
  busy: 'Too many PDFs are being prepared right now. Please try again in a minute.',
  tooSlow: 'The PDF took too long to prepare. Please try again in a minute.',
} as const;
