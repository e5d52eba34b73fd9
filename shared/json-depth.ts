/**
 * How deep arrays and objects nest in a value (a scalar is 0); stops counting past `limit`, so a hostile
 * body nested a hundred thousand levels costs no more than one nested `limit` levels. For the request
 * fields that take free-form JSON: JSON.parse reads any depth, but JSON.stringify and PostgreSQL's JSON
 * parser stop with an error far below what a 1 MB body can hold.
 */
export function jsonDepth(value: unknown, limit: number): number {
  if (limit <= 0 || value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value as object)) {
    deepest = Math.max(deepest, jsonDepth(child, limit - 1));
    if (deepest >= limit - 1) break;
  }
  return deepest + 1;
}
