// `npm start`: builds when dist/ is missing or older than the sources, then runs the compiled server.
// Node cannot replace its own process, so this one stays as a thin parent: it passes signals on and
// exits with the server's exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { builtHash, root, sourceHash } from './build-hash.mjs';
import { serveFlags } from './serve-flags.mjs';

const complete = ['dist/server/main.js', 'dist/web/index.html'].every((f) => existsSync(path.join(root, f)));
if (!complete || builtHash() !== sourceHash()) {
  console.log('Building (dist/ is missing or older than the sources)...');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The server runs with the V8 flags of package.json's serve script (scripts/serve-flags.mjs says why).
const server = spawn(process.execPath, [...serveFlags(), path.join(root, 'dist/server/main.js')], {
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group, the server included; the server ignores a repeated signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
