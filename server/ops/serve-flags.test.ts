import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveFlags } from '../../scripts/serve-flags.mjs';

describe('the flags the server runs with', () => {
  it("the Dockerfile's CMD runs the server with package.json's serve flags", () => {
    const cmd = readFileSync('Dockerfile', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(['node', ...serveFlags(), 'dist/server/main.js']);
  });

  it('keeps compiled code through idle spells, a young generation that holds in-flight requests and a steady growing factor', () => {
    expect(serveFlags()).toEqual(
      expect.arrayContaining([
        '--no-flush-bytecode',
        '--no-memory-reducer',
        '--max-semi-space-size=64',
        '--heap-growing-percent=100',
      ]),
    );
  });

  it('are all flags this Node accepts (a V8 flag a later Node drops would stop the server starting)', () => {
    const run = spawnSync(process.execPath, [...serveFlags(), '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
