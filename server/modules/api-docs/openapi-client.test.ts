import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { OpenApiDocument, OpenApiResponse } from '@shared/contracts/openapi';
import type { RouteOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../plugins/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { SELF_IDENTIFICATION_PROFILE_KEYS } from '../attorney/self-identification';

/**
 * What a client generated from /api/openapi.json gets, so that a client can trust the document: the
 * document is generated with openapi-typescript, a small program using it is type-checked, the `unknown`s
 * left in the types are counted, and Redocly's recommended rules find no error in it.
 */

/**
 * The `unknown`s a generated client keeps, each on purpose: values no schema of ours describes.
 * - the draft's `data`, in the GET answer and the PUT body: what was typed into a form, not validated yet;
 * - FileReference: a document entry keeps the keys the client sent with its id (a loose object);
 * - FirmAuditEvent.detail: each audit action's own facts;
 * - the WebAuthn options the server hands to the browser's library and the credential it hands back
 *   (`response`, `clientExtensionResults` of three requests): the WebAuthn standard's JSON, checked by
 *   @simplewebauthn/server, not by us;
 * - Uppy's multipart `metadata`: the uploader's own keys besides the size;
 * - GET /api/openapi.json: this document.
 * openapi-typescript also writes `[name: string]: unknown` for the headers of every answer (any header
 * besides those declared): not a field of ours, so not counted.
 */
const UNKNOWNS_KEPT = 14;

type Route = { key: string; limited: boolean };

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ['client.ts'],
};

/** A client's code: each line only compiles when the generated types are the real ones. */
const CLIENT = `import type { components, paths } from './api';
type Schemas = components['schemas'];

type MasterLpqAnswer =
  paths['/api/attorney/master-lpq']['get']['responses'][200]['content']['application/json'];
declare const lpq: MasterLpqAnswer;
export const employer: string | undefined = lpq.currentEmployment?.employerName;
export const rate: number | null | undefined = lpq.financialInfo?.currentYear?.rate;
export const complete: boolean = lpq.isComplete;
// @ts-expect-error a section's answer is not a number
export const wrong: number | undefined = lpq.generalInfo?.name;

export const status: Schemas['PositionLpqStatus'] = 'submitted';
// @ts-expect-error not a status of a position LPQ
export const notAStatus: Schemas['PositionLpqStatus'] = 'archived';

type Lpq = paths['/api/lpqs/{id}']['get']['responses'][200]['content']['application/json'];
declare const positionLpq: Lpq;
export const lpqStatus: 'draft' | 'in_progress' | 'submitted' = positionLpq.status;
export const lpqName: string | undefined = positionLpq.formData.name;

type Detail = paths['/api/firm/lpq-requests/{id}']['get']['responses'][200]['content']['application/json'];
declare const detail: Detail;
export const shared: 'not_started' | 'in_progress' | 'submitted' | undefined = detail.package?.positionLpq?.status;
export const sharedEmployer: string | undefined = detail.package?.masterLpq?.currentEmployment?.employerName;
export const conflicts: string | undefined = detail.package?.conflictsForm?.currentClients?.[0]?.clientName;
export const firmPhone: string | null | undefined = detail.package?.profile?.phone;

type ListAnswer = paths['/api/attorney/lpq-requests']['get']['responses'][200];
declare const list: ListAnswer;
export const next: string | undefined = list.headers.Link;
export const requestStatus: Schemas['RequestStatus'] = list.content['application/json'][0].status;

type Failure = paths['/api/attorney/master-lpq']['post']['responses'][400]['content']['application/json'];
declare const failure: Failure;
export const fieldErrors: Record<string, string> | undefined = failure.errors;
`;

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const tscPath = require.resolve('typescript/bin/tsc');

describe('the OpenAPI document, as a generated client reads it', () => {
  const routes: Route[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD')
        routes.push({ key: `${method.toLowerCase()} ${route.url}`, limited: !!route.config?.rateLimit });
  };
  let t: TestApp;
  let doc: OpenApiDocument;
  let source: string;
  let types: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-openapi-client-'));

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', onRoute });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    source = res.body;
    doc = JSON.parse(source) as OpenApiDocument;
    types = astToString(await openapiTS(source));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('generates types a client program compiles against: real fields and enums, not unknown', async () => {
    writeFileSync(path.join(dir, 'api.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const result = await run(process.execPath, [tscPath, '-p', path.join(dir, 'tsconfig.json')]).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }),
    );
    expect(result.stdout).toBe('');
  });

  it(`leaves at most ${UNKNOWNS_KEPT} unknowns in the generated types (${UNKNOWNS_KEPT} named above)`, () => {
    const lines = types.split('\n').filter((line) => /\bunknown\b/.test(line));
    const ours = lines.filter((line) => !/^\s*\[name: string\]: unknown;$/.test(line));
    expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(UNKNOWNS_KEPT);
  });

  it('passes Redocly’s recommended rules without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: '/api/openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('names the shared shapes and their enums as components', () => {
    const schemas = doc.components.schemas;
    for (const name of [
      'MasterLpq',
      'ConflictsForm',
      'DiversityForm',
      'BusinessPlan',
      'SharedPackage',
      'User',
    ])
      expect(schemas[name], name).toMatchObject({ type: 'object' });
    expect(schemas.PositionLpqStatus).toEqual({
      type: 'string',
      enum: ['draft', 'in_progress', 'submitted'],
    });
    const positionLpq = (schemas.SharedPackage.properties as Record<string, { anyOf: unknown[] }>)
      .positionLpq;
    expect(JSON.stringify(positionLpq)).toContain('"#/components/schemas/FirmPositionLpqStatus"');

    // A shared profile is the profile without the self-identification fields the server strips from it.
    const keys = (name: string) => Object.keys(schemas[name].properties as object).sort();
    expect(keys('SharedAttorneyProfile')).toEqual(
      keys('AttorneyProfile').filter((k) => !(SELF_IDENTIFICATION_PROFILE_KEYS as string[]).includes(k)),
    );
  });

  it('declares the errors each operation can answer, who may call it, and the paging header', () => {
    const problems: string[] = [];
    const limited = new Set(routes.filter((r) => r.limited).map((r) => r.key));
    expect(limited.size).toBeGreaterThan(5);
    for (const [p, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method} ${p}`;
        const has = (status: number) => String(status) in op.responses;
        const signedIn = ['signed-in', 'attorney', 'firm'].includes(op['x-audience']);
        if (signedIn !== op.security.length > 0)
          problems.push(`${key}: security ${JSON.stringify(op.security)}`);
        if (signedIn && !has(401)) problems.push(`${key}: no 401`);
        if (['attorney', 'firm'].includes(op['x-audience']) && !has(403)) problems.push(`${key}: no 403`);
        if ((op.requestBody || op.parameters?.some((q) => q.in === 'query')) && !has(400))
          problems.push(`${key}: no 400`);
        if (p.includes('{') && !has(404)) problems.push(`${key}: no 404`);
        if (op.requestBody && !has(413)) problems.push(`${key}: no 413`);
        const fastifyKey = `${method} ${p.replace(/\{path\}$/, '*').replace(/\{(\w+)\}/g, ':$1')}`;
        if (limited.has(fastifyKey) && !has(429)) problems.push(`${key}: rate-limited without a 429`);
        const paged = op.parameters?.some((q) => q.name === 'cursor');
        const ok = op.responses['200'] as OpenApiResponse | undefined;
        if (paged && !ok?.headers?.Link) problems.push(`${key}: paged without its Link header`);
      }
    expect(problems).toEqual([]);
    expect(doc.paths['/api/uploads/local/{path}'].put.responses).toHaveProperty('413');
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    // Named as the browser sends it in production, over HTTPS.
    const overHttps = sessionCookieName({ ...t.config, publicUrl: 'https://lateral.example' });
    expect(overHttps).toBe('__Host-lp_session');
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: overHttps });
  });
});
