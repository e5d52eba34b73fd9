// The Node and V8 flags the server runs with, in one place: package.json's serve script. `npm start`
// (scripts/start.mjs) and the benchmarks read them from there; the Dockerfile's CMD repeats them (a test
// holds the two equal).
// - --enable-source-maps: stack traces name the sources, not the bundle.
// - --no-flush-bytecode, --no-memory-reducer: an idle server keeps its compiled code and its heap; after a
//   lull the first burst of requests otherwise pays for recompiling and regrowing (bench/load.ts measured a
//   slow p99 tail after every pause).
// - --max-semi-space-size=64 (MB): under load every in-flight request's objects outlived the default
//   16 MB young generation's collections, which copied and promoted them: scavenges took a fifth of the
//   process's CPU on the hot reads (V8's --trace-gc-nvp under bench/load.ts). At 64 MB almost nothing is
//   promoted; the young generation grows to it only under load.
// - --heap-growing-percent=100: after a full collection the old generation may grow to 2× what survived.
//   Left to itself, V8 picks that factor from its marking speed against the old generation's allocation
//   rate; under steady load the rate is low (the young generation above keeps requests out of it), so V8
//   chose its minimum, 1.1×, and from the first full collection under load on it marked and compacted the
//   whole heap several times a second for as long as the load lasted, taking CPU and lengthening the
//   requests' tail (bench:ab with rounds long enough to reach that collection shows it; BENCHMARKS.md).
//   2× (inside V8's own range, 1.1–4×) ends that as 3× did: a full collection every half-minute of autosave
//   load instead of every minute, at the same CPU a save. With 3× the other requests' tail during many
//   concurrent data exports was longer than without the flag in most runs; with 2× it was about the same as
//   without (BENCHMARKS.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The flags of package.json's serve script: everything between `node` and the script it runs. */
export function serveFlags() {
  const serve = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
  const words = serve.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server/main.js')
    throw new Error(`package.json's serve script is not "node <flags> dist/server/main.js": ${serve}`);
  return words.slice(1, -1);
}
