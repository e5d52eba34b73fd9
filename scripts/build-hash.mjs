// The fingerprint of everything the production build is made from: `npm start` rebuilds when it changes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const buildInfoFile = path.join(root, 'dist/build-info.json');

const SOURCE_DIRS = ['server', 'shared', 'web'];
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'postcss.config.cjs',
  'scripts/build.mjs',
  'scripts/build-hash.mjs',
];
// Tests are not part of the build: editing one does not make the build stale.
const isTest = (rel) => /\.test\.tsx?$/.test(rel) || rel.startsWith('server/test/');

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else if (entry.isFile() && !isTest(rel)) out.push(rel);
  }
  return out;
}

/** sha256 over the path and content of every source file, in a fixed order. */
export function sourceHash() {
  const files = [
    ...SOURCE_DIRS.flatMap(filesUnder),
    ...SOURCE_FILES.filter((f) => statSync(path.join(root, f), { throwIfNoEntry: false })),
  ].sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash the current dist/ was built from, or null when there is no complete build. */
export function builtHash() {
  try {
    const info = JSON.parse(readFileSync(buildInfoFile, 'utf8'));
    return typeof info.sourceHash === 'string' ? info.sourceHash : null;
  } catch {
    return null;
  }
}
