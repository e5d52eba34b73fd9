/** A JSON object: not null, not an array (what `typeof` alone calls an object). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * How deep arrays and objects nest in a value (a scalar is 0); stops counting past `limit`, so a hostile
 * body nested a hundred thousand levels costs no more than one nested `limit` levels. For the request
 * fields that take free-form JSON: JSON.parse reads any depth, but JSON.stringify and PostgreSQL's JSON
 * parser stop with an error far below what a 1 MB body can hold.
 */
export function jsonDepth(value: unknown, limit: number): number {
  if (limit <= 0 || value === null || typeof value !== 'object') return 0;
  // Indexes and for-in, no closures, no Object.values, no call for a scalar: autosave walks every draft,
  // and what those allocated per object was most of the walk's time. A parsed body has no inherited
  // enumerable keys.
  let deepest = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (child === null || typeof child !== 'object') continue;
      deepest = Math.max(deepest, jsonDepth(child, limit - 1));
      if (deepest >= limit - 1) break;
    }
  } else {
    for (const key in value) {
      const child = (value as Record<string, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      deepest = Math.max(deepest, jsonDepth(child, limit - 1));
      if (deepest >= limit - 1) break;
    }
  }
  return deepest + 1;
}
