// Its own module: shared/format.ts needs it without shared/files.ts's schemas (and zod).

/** Bytes as Uppy shows them in its restriction messages ('10 MB'): @transloadit/prettier-bytes. */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${value >= 10 || value % 1 === 0 ? Math.round(value) : value.toFixed(1)} ${units[exponent]}`;
}
