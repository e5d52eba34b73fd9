// The production build: the SPA with Vite into dist/web, the server with esbuild into dist/server/main.js
// (own code and @shared bundled, node_modules left to `import` at run time), the PDF worker thread's entry
// into dist/server/pdf-worker.js beside it (server/pdf/pdf-workers.ts looks for it there), the migrations,
// and dist/build-info.json with the hash of the sources it was built from.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { buildInfoFile, root, sourceHash } from './build-hash.mjs';

const started = Date.now();
const hash = sourceHash();
// A build that stops half way leaves no build-info.json: `npm start` then builds again.
rmSync(buildInfoFile, { force: true });

await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });

const serverDir = path.join(root, 'dist/server');
rmSync(serverDir, { recursive: true, force: true });
const result = await esbuild({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', 'pdf-worker': 'server/pdf/pdf-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
// db/client.ts finds the migrations beside itself (import.meta.url): in the bundle that is dist/server.
cpSync(path.join(root, 'server/db/migrations'), path.join(serverDir, 'migrations'), { recursive: true });

// The runtime image installs production dependencies only: a devDependency imported by the server would
// be missing there, so the build refuses it here.
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const external = new Set(
  Object.values(result.metafile.outputs)
    .flatMap((o) => o.imports)
    .filter((i) => i.external && !i.path.startsWith('node:'))
    .map((i) => packageName(i.path)),
);
const notInDependencies = [...external].filter((name) => !pkg.dependencies?.[name]);
if (notInDependencies.length) {
  console.error(
    `The server imports packages that are not in "dependencies": ${notInDependencies.join(', ')}`,
  );
  process.exit(1);
}

writeFileSync(
  buildInfoFile,
  `${JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`,
);
console.log(`Built dist/web and dist/server/main.js in ${((Date.now() - started) / 1000).toFixed(1)} s`);
