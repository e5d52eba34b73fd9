/** The flags of package.json's serve script (scripts/serve-flags.mjs). */
export function serveFlags(): string[];
