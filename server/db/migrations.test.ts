import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

describe('migrations', () => {
  it('match the Drizzle schema (run `npm run db:generate` after a schema change)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-migrations-'));
    try {
      cpSync(migrationsFolder, dir, { recursive: true });
      const before = readdirSync(dir).filter((f) => f.endsWith('.sql'));
      const output = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], {
        env: { ...process.env, DRIZZLE_OUT: dir },
        encoding: 'utf8',
      });
      const after = readdirSync(dir).filter((f) => f.endsWith('.sql'));
      expect(after, output).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
