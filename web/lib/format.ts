/** The display formatters live in shared/: the review screen and the PDF read dates the same way. */
export { formatDate, formatDateTime } from '@shared/format';
