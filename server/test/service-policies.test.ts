import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FirmRole } from '@shared/team';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../plugins/errors';
import {
  type Actor,
  ANONYMOUS,
  AUDIENCES,
  allows,
  authorize,
  sessionToken,
  systemJob,
} from '../policies/authorize';
import { filePolicies } from '../policies/file.policy';
import { firmPolicies } from '../policies/firm.policy';
import { ALL_POLICIES, POLICY_GROUPS } from '../policies/index';
import { positionLpqPolicies } from '../policies/position-lpq.policy';
import { requestPolicies } from '../policies/request.policy';

/**
 * The other half of the authorization matrix (ARCHITECTURE.md, 'Where the design goes next'): the route
 * table test calls every route as every actor; this one reads the code. Every service method has the one
 * signature `(ctx, actor, input?)` and authorizes on its first line with a policy of server/policies/;
 * routes reach their module only through service methods; every policy is used.
 */
const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'modules');

function filesEndingWith(suffix: string): string[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => path.join(modulesDir, f))
    .sort();
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** Local name → policy group, from the file's imports of server/policies/*.policy. */
function policyAliases(source: ts.SourceFile): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!/\/policies\/[\w-]+\.policy$/.test(from)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) aliases.set(el.name.text, (el.propertyName ?? el.name).text);
  }
  return aliases;
}

type Method = { file: string; name: string; params: string[]; firstStatement: ts.Statement | undefined };

function exportedMethods(file: string): Method[] {
  const source = parse(file);
  const methods: Method[] = [];
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.name) {
      methods.push({
        file,
        name: statement.name.text,
        params: statement.parameters.map((p) => p.name.getText(source)),
        firstStatement: statement.body?.statements[0],
      });
    }
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          methods.push({
            file,
            name: decl.name.getText(source),
            params: init.parameters.map((p) => p.name.getText(source)),
            firstStatement: ts.isBlock(init.body) ? init.body.statements[0] : undefined,
          });
      }
    }
  }
  return methods;
}

/** The `authorize(group.key, actor, …)` call a statement starts with, if it is one. */
function authorizeCall(statement: ts.Statement | undefined): ts.CallExpression | undefined {
  if (!statement) return undefined;
  let expr: ts.Expression | undefined;
  if (ts.isExpressionStatement(statement)) expr = statement.expression;
  if (ts.isVariableStatement(statement)) expr = statement.declarationList.declarations[0]?.initializer;
  if (expr && ts.isAwaitExpression(expr)) expr = expr.expression;
  if (expr && ts.isCallExpression(expr) && expr.expression.getText() === 'authorize') return expr;
  return undefined;
}

const serviceFiles = filesEndingWith('.service.ts');
const rel = (file: string) => path.relative(root, file);

describe('service methods and policies', () => {
  it('finds the service files', () => {
    expect(serviceFiles.length).toBeGreaterThan(10);
  });

  it('gives every service method the one signature (ctx, actor, input?)', () => {
    const wrong = serviceFiles
      .flatMap(exportedMethods)
      .filter((m) => m.params[0] !== 'ctx' || m.params[1] !== 'actor' || m.params.length > 3)
      .map((m) => `${rel(m.file)} ${m.name}(${m.params.join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('authorizes on the first line of every service method, with a policy of server/policies/', () => {
    const used = new Set<string>();
    const missing: string[] = [];
    for (const file of serviceFiles) {
      const aliases = policyAliases(parse(file));
      for (const method of exportedMethods(file)) {
        const call = authorizeCall(method.firstStatement);
        const [policyArg, actorArg] = call?.arguments ?? [];
        const match = policyArg && /^(\w+)\.(\w+)$/.exec(policyArg.getText());
        const group = match && aliases.get(match[1]);
        const policies = group && (POLICY_GROUPS as Record<string, Record<string, unknown>>)[group];
        if (!match || !policies || !(match[2] in policies) || actorArg?.getText() !== 'actor') {
          missing.push(`${rel(file)} ${method.name}`);
          continue;
        }
        used.add(`${group}.${match[2]}`);
      }
    }
    expect(missing).toEqual([]);
    // Row-level policies are also applied after a row is loaded, by a service or a loader it calls.
    const moduleFiles = filesEndingWith('.ts').filter((f) => !/\.test(-support)?\.ts$|\.d\.ts$/.test(f));
    for (const file of moduleFiles) {
      const text = readFileSync(file, 'utf8');
      for (const [local, group] of policyAliases(parse(file)))
        for (const key of Object.keys((POLICY_GROUPS as Record<string, object>)[group] ?? {}))
          if (text.includes(`${local}.${key}`)) used.add(`${group}.${key}`);
    }
    const unused = Object.entries(POLICY_GROUPS).flatMap(([group, policies]) =>
      Object.keys(policies)
        .map((key) => `${group}.${key}`)
        .filter((name) => !used.has(name)),
    );
    expect(unused).toEqual([]);
  });

  it('keeps SQL out of services: no value import of drizzle-orm or the schema (repositories hold it)', () => {
    const wrong: string[] = [];
    for (const file of serviceFiles) {
      for (const statement of parse(file).statements) {
        if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        const bindings = statement.importClause?.namedBindings;
        const values =
          bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((e) => !e.isTypeOnly) : [];
        if ((from === 'drizzle-orm' || /\/db\/schema$/.test(from)) && values.length)
          wrong.push(`${rel(file)} imports ${values.map((v) => v.name.text).join(', ')} from ${from}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets routes reach their module only through service methods', () => {
    const wrong: string[] = [];
    for (const file of filesEndingWith('.routes.ts')) {
      // A module without services (the docs page, the development mailbox) reads no user's data.
      const dir = path.dirname(file);
      if (!readdirSync(dir).some((f) => f.endsWith('.service.ts'))) continue;
      for (const statement of parse(file).statements) {
        if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (from.startsWith('./') && !from.endsWith('.service')) wrong.push(`${rel(file)} imports ${from}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('adds no hook from a route file: every module shares one scope, so a hook would run on all of them', () => {
    const wrong: string[] = [];
    const visit = (file: string, node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'addHook'
      )
        wrong.push(`${rel(file)}: ${node.getText().split('\n')[0]}`);
      ts.forEachChild(node, (child) => visit(file, child));
    };
    for (const file of filesEndingWith('.routes.ts')) visit(file, parse(file));
    expect(wrong).toEqual([]);
  });
});

describe('policies', () => {
  const attorney = {
    id: 'a1',
    email: 'Ann@Example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    userType: 'attorney' as const,
    emailVerified: true,
  };
  const firm = {
    ...attorney,
    id: 'f1',
    email: 'hr@firm.example',
    userType: 'firm' as const,
    firm: { id: 'firm1', roles: ['admin', 'recruiter', 'reviewer', 'conflicts'] as FirmRole[] },
  };
  const actors: Record<string, Actor> = {
    anonymous: ANONYMOUS,
    attorney,
    unverifiedAttorney: { ...attorney, emailVerified: false },
    firm,
    removedMember: { ...firm, id: 'f3', firm: null },
    job: systemJob('test'),
    session: sessionToken('s1'),
  };

  it('has unique names, one per policy', () => {
    const names = ALL_POLICIES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('admits exactly its audience', () => {
    const table = Object.fromEntries(
      Object.entries(AUDIENCES).map(([name, audience]) => [
        name,
        Object.keys(actors).filter((a) => audience.includes(actors[a])),
      ]),
    );
    expect(table).toEqual({
      anyone: ['anonymous', 'attorney', 'unverifiedAttorney', 'firm', 'removedMember', 'job', 'session'],
      signedIn: ['attorney', 'unverifiedAttorney', 'firm', 'removedMember'],
      attorney: ['attorney', 'unverifiedAttorney'],
      firm: ['firm', 'removedMember'],
      firmMember: ['firm'],
      system: ['job'],
      sessionHolder: ['session'],
    });
  });

  it('judges rows by owner: the rules of each row-level policy', () => {
    const other = { ...firm, id: 'f2', firm: { ...firm.firm, id: 'firm2' } };
    const rows = {
      attorneyActs: [
        [attorney, { attorneyEmail: 'ann@example.com' }, true],
        [{ ...attorney, emailVerified: false }, { attorneyEmail: 'ann@example.com' }, false],
        [attorney, { attorneyEmail: 'bob@example.com' }, false],
      ],
      firmPipeline: [
        [firm, { firmId: 'firm1' }, true],
        [other, { firmId: 'firm1' }, false],
      ],
      download: [
        [attorney, { ownerId: 'a1', firmGrant: false }, true],
        [{ ...attorney, id: 'a2' }, { ownerId: 'a1', firmGrant: true }, false],
        [firm, { ownerId: 'a1', firmGrant: true }, true],
        [firm, { ownerId: 'a1', firmGrant: false }, false],
      ],
      ownLpq: [
        [attorney, { attorneyUserId: 'a1' }, true],
        [attorney, { attorneyUserId: null }, false],
      ],
      ownSection: [
        [firm, { firmId: 'firm1' }, true],
        [other, { firmId: 'firm1' }, false],
      ],
    } as const;
    const policyOf = {
      attorneyActs: requestPolicies.attorneyActs,
      firmPipeline: requestPolicies.firmPipeline,
      download: filePolicies.download,
      ownLpq: positionLpqPolicies.own,
      ownSection: firmPolicies.ownCustomSection,
    };
    for (const [name, cases] of Object.entries(rows))
      for (const [actor, row, expected] of cases)
        expect(
          allows(policyOf[name as keyof typeof policyOf] as never, actor as Actor, row as never),
          `${name} ${JSON.stringify(row)} for ${actor.id}`,
        ).toBe(expected);
  });

  it('refuses with 401 for nobody, 403 for the wrong kind, 404 for a row that is not theirs or missing', () => {
    const status = (run: () => unknown) => {
      try {
        run();
        return 200;
      } catch (err) {
        return err instanceof HttpError ? err.statusCode : 500;
      }
    };
    expect(status(() => authorize(requestPolicies.firmSees, ANONYMOUS))).toBe(401);
    expect(status(() => authorize(requestPolicies.firmSees, attorney))).toBe(403);
    expect(status(() => authorize(requestPolicies.firmSees, systemJob('x')))).toBe(403);
    expect(status(() => authorize(requestPolicies.firmSees, actors.removedMember))).toBe(403);
    expect(status(() => authorize(requestPolicies.firmPipeline, firm, { firmId: 'firm2' }))).toBe(404);
    expect(status(() => authorize(requestPolicies.firmPipeline, firm, undefined))).toBe(404);
    expect(status(() => authorize(requestPolicies.firmPipeline, firm, { firmId: 'firm1' }))).toBe(200);
  });
});
