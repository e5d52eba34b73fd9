import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

describe('migrations', () => {
  it('match the Drizzle schema (run `npm run db:generate` after a schema change)', () => {
    // drizzle-kit reads its output folder relative to the working directory: keep it inside the repo.
    mkdirSync('data', { recursive: true });
    const dir = path.relative(process.cwd(), mkdtempSync(path.join('data', 'migration-check-')));
    try {
      cpSync(migrationsFolder, dir, { recursive: true });
      const before = readdirSync(dir).filter((f) => f.endsWith('.sql'));
      const output = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], {
        env: { ...process.env, DRIZZLE_OUT: dir },
        encoding: 'utf8',
      });
      const after = readdirSync(dir).filter((f) => f.endsWith('.sql'));
      expect(after, output).toEqual(before);
      expect(output).toContain('No schema changes');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
