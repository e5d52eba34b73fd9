import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports go one way (docs/ARCHITECTURE.md, Modules and the direction of imports). No file of server/,
 * shared/ or web/ reaches itself through its imports (type-only imports included: they still tie two files'
 * designs together; a lazy `import('…')` too: it is a dependency all the same), and no server module imports
 * another that imports it back.
 */
const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g;
const LAZY_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@shared/')) base = path.join(root, 'shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function graph(files: string[]) {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT), ...text.matchAll(LAZY_IMPORT)]
      .map((m) => resolveImport(file, m[1]))
      .filter((t): t is string => t !== null);
    edges.set(file, targets);
  }
  return edges;
}

/** Every cycle found by a depth-first walk, as a list of files relative to the project. */
function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') {
        found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('import graph', () => {
  const files = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'shared'))];
  const edges = graph(files);

  it('reads the project (the walk is not empty)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...edges.values()].flat().length).toBeGreaterThan(300);
  });

  it('has no file that imports itself back, in server/ or shared/', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('has no file that imports itself back, in web/ (lazy imports included)', () => {
    const web = sourceFiles(path.join(root, 'web'));
    expect(web.length).toBeGreaterThan(100);
    expect(cycles(graph(web))).toEqual([]);
  });

  it('has no two server modules that import each other', () => {
    const moduleOf = (file: string) => /server\/modules\/([^/]+)\//.exec(file)?.[1];
    const moduleEdges = new Map<string, string[]>();
    for (const [file, targets] of edges) {
      const from = moduleOf(file);
      if (!from || /\.(test-support|factories|fixtures)\.ts$/.test(file)) continue;
      const list = moduleEdges.get(from) ?? [];
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from && !list.includes(to)) list.push(to);
      }
      moduleEdges.set(from, list);
    }
    expect(cycles(moduleEdges)).toEqual([]);
  });

  it('would find a cycle (the check can fail)', () => {
    const a = path.join(root, 'a.ts');
    const b = path.join(root, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });
});
