// `npm start`: builds when dist/ is missing or older than the sources, then runs the compiled server.
// Node cannot replace its own process, so this one stays as a thin parent: it passes signals on and
// exits with the server's exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { builtHash, root, sourceHash } from './build-hash.mjs';

const complete = ['dist/server/main.js', 'dist/web/index.html'].every((f) => existsSync(path.join(root, f)));
if (!complete || builtHash() !== sourceHash()) {
  console.log('Building (dist/ is missing or older than the sources)...');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// V8 keeps the server's compiled code while it is idle (no bytecode flushing, no memory reducer): after a
// lull of seconds, the first burst of requests otherwise pays for recompiling it (bench/load.ts measured a
// slow p99 tail after every pause). The same flags are in package.json's serve and in the Dockerfile.
const server = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    '--no-flush-bytecode',
    '--no-memory-reducer',
    path.join(root, 'dist/server/main.js'),
  ],
  {
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the whole process group, the server included; the server ignores a repeated signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
