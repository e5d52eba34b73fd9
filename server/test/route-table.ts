import { type SQL, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Db } from '../db/client';
import type { ActorName } from './actors';
import { ACCOUNT_RULES } from './route-rules/accounts';
import { ATTORNEY_RULES } from './route-rules/attorney';
import { FILE_RULES } from './route-rules/files';
import { FIRM_RULES } from './route-rules/firm';
import { INTEGRATION_RULES } from './route-rules/integrations';
import type { RouteRule } from './route-rules/rule';
import { SECURITY_RULES } from './route-rules/security';
import { SSO_RULES } from './route-rules/sso';
import { TEAM_RULES } from './route-rules/team';

/** One route of the running server, as Fastify registered it. */
export type CollectedRoute = {
  /** `METHOD /path/:param`, the key of the expectation table. */
  key: string;
  method: string;
  url: string;
  /** The zod schema the route validates its body with, if it takes one. */
  bodySchema?: ZodType;
};

/**
 * Collects the route table at runtime through buildApp's `onRoute`: every route any module adds,
 * never a hand-written list. One collector may serve several apps (one per database).
 */
export function routeCollector() {
  const routes = new Map<string, CollectedRoute>();
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const body = (route.schema as { body?: ZodType } | undefined)?.body;
      routes.set(key, { key, method, url: route.url, bodySchema: body });
    }
  };
  return { onRoute, routes: () => [...routes.values()] };
}

export type { Access, RouteCall, RouteRule } from './route-rules/rule';

/**
 * The expectation table: every route the server has, by `METHOD /path`, with its rule. A route added
 * without an entry here fails the matrix. HEAD routes follow their GET route.
 * The entries live by area in route-rules/; their order here is the order of the table.
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  ...ACCOUNT_RULES,
  ...SECURITY_RULES,
  ...SSO_RULES,
  ...FILE_RULES,
  ...ATTORNEY_RULES,
  ...FIRM_RULES,
  ...TEAM_RULES,
  ...INTEGRATION_RULES,
};

/** The rule of a collected route; HEAD follows GET. */
export function ruleFor(route: Pick<CollectedRoute, 'method' | 'url'>): RouteRule | undefined {
  return (
    ROUTE_RULES[`${route.method} ${route.url}`] ??
    (route.method === 'HEAD' ? ROUTE_RULES[`GET ${route.url}`] : undefined)
  );
}

/** The status each actor must get from a route of this rule; 'allowed' means not refused. */
export function expectedFor(rule: RouteRule, actor: ActorName): 'allowed' | 400 | 401 | 403 | 404 {
  const side = actor === 'signedOut' ? null : actor.toLowerCase().includes('firm') ? 'firm' : 'attorney';
  // PRODUCT.md §9: on the firm's side, roles decide. A member removed from the firm reaches nothing of it.
  const member = side === 'firm' && actor !== 'otherFirm' && actor !== 'firm' ? actor : null;
  if (side === 'firm' && ['firm', 'firm-owned', 'file'].includes(rule.access)) {
    const said = rule.members?.[actor as keyof NonNullable<RouteRule['members']>];
    if (said !== undefined) return said;
    if (actor === 'firmRemoved') return rule.access === 'file' ? 404 : 403;
    if (member && rule.access === 'file') return 404;
    if (member) return 'allowed';
  }
  switch (rule.access) {
    case 'public':
      return 'allowed';
    case 'signed-url':
      return actor === 'attorney' ? 'allowed' : 403;
    case 'signed-in':
      return side ? 'allowed' : 401;
    case 'attorney':
    case 'firm':
      return !side ? 401 : side === rule.access ? 'allowed' : 403;
    case 'attorney-owned':
    case 'firm-owned': {
      const owner = rule.access === 'attorney-owned' ? 'attorney' : 'firm';
      if (!side) return 401;
      if (side !== owner) return 403;
      return actor === owner ? 'allowed' : (rule.othersGet ?? 404);
    }
    case 'file':
      if (!side) return 401;
      return actor === 'attorney' || actor === 'firm' ? 'allowed' : 404;
  }
}

/** The actor who may call the route, for tests that exercise it as its rightful caller. */
export function ownerOf(rule: RouteRule): ActorName {
  if (rule.access === 'public') return 'signedOut';
  return rule.access.startsWith('firm') ? 'firm' : 'attorney';
}

/** Tables whose rows change on every request (session last use, mail delivery): compared by count only. */
const COUNTED_TABLES = new Set(['sessions', 'outbox']);
/** Rate-limit counters count refused attempts too: that is their job, not a stored change. */
const IGNORED_TABLES = new Set(['rate_limits']);

const digestQueries = new WeakMap<Db, SQL>();

/**
 * What the database holds, one digest per table: equal before and after a call that must store
 * nothing (a refused or invalid call). Row contents are compared, so an UPDATE shows as well as an INSERT.
 */
export async function storedState(db: Db): Promise<Record<string, string>> {
  // Both drivers answer `{ rows }`; the Db type is their common ground, which leaves rows untyped.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  let digest = digestQueries.get(db);
  if (!digest) {
    // The tables are the migrations' (no test creates one), so the digest's query is made once a database.
    const tables = await rows<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const columns = tables
      .filter(({ tablename }) => !IGNORED_TABLES.has(tablename))
      .map(({ tablename: table }) =>
        COUNTED_TABLES.has(table)
          ? `(select count(*)::text from "${table}") as "${table}"`
          : `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t) as "${table}"`,
      );
    digest = sql.raw(`select ${columns.join(', ')}`);
    digestQueries.set(db, digest);
  }
  const [row] = await rows<Record<string, string>>(digest);
  return row;
}
