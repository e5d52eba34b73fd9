import type { AttorneyProfile } from '@shared/attorney';
import type { BusinessPlan } from '@shared/business-plan';
import type { ConflictsForm } from '@shared/conflicts';
import type { CONTRACT_AREAS } from '@shared/contracts';
import type { DiversityForm } from '@shared/diversity';
import type { FirmProfile } from '@shared/firm';
import type { CandidateFirmProfile } from '@shared/firm-profile-view';
import type { MasterLpq } from '@shared/master-lpq';
import type { PositionLpq } from '@shared/position-lpq';
import type { FirmRequestDetail } from '@shared/requests';
import type { SharePreview } from '@shared/sharing';
import type { z } from 'zod';

/**
 * The web's calls to the API, typed by the server's contracts (shared/contracts). A call names its route
 * as `METHOD /path` exactly as its contract declares it; `params` fill the path, `query` becomes the query
 * string, `body` is what the contract's body schema takes (z.input) and the answer is what its success
 * response schema describes (z.output). Only types come from the contracts (`import type`): the zod objects
 * stay out of the bundle, the route is a plain string at run time. Every non-OK answer throws ApiError.
 *
 * The types alone, apart from the calls (lib/client.ts) so that lib/api-url.ts, which the boot entry loads
 * before the client, reads them without importing the client back.
 */

type Area = (typeof CONTRACT_AREAS)[number];
type ContractOf<A> = A extends unknown ? A[keyof A] : never;
type AnyContract = ContractOf<Area>;

/** Every route of the API by `METHOD /path`, with its contract's type. */
export type Routes = { [C in AnyContract as `${C['method']} ${C['path']}`]: C };
export type RouteKey = keyof Routes;

type Responses<K extends RouteKey> = Routes[K]['response'];
/** The answer of a JSON route: the success schema's output; `undefined` for a 204 without a body. */
type JsonAnswer<K extends RouteKey> = {
  [S in keyof Responses<K>]: S extends 200 | 201 | 202
    ? Responses<K>[S] extends z.ZodType
      ? z.output<Responses<K>[S]>
      : never
    : S extends 204
      ? undefined
      : never;
}[keyof Responses<K>];

/** Routes that answer JSON (or nothing): what `api()` calls. */
export type JsonRoute = { [K in RouteKey]: [JsonAnswer<K>] extends [never] ? never : K }[RouteKey];
/** GET routes that answer a file (a raw 200 body): what `apiDownload()` saves. */
export type FileRoute = {
  [K in RouteKey]: K extends `GET ${string}` ? ([JsonAnswer<K>] extends [never] ? K : never) : never;
}[RouteKey];

/**
 * Answers whose contract describes a stored document loosely on purpose (a form is passed on whole, its
 * values validated when written; shared/contracts/contract.ts storedForm, storedDocument): the web reads
 * them as the type shared/ gives the document. Each must still fit what the contract describes, or this
 * map does not compile: a field the contract drops or retypes fails here.
 */
type Documents = Fitting<{
  'GET /api/attorney/profile': AttorneyProfile;
  'POST /api/attorney/profile': AttorneyProfile;
  'PUT /api/attorney/profile': AttorneyProfile;
  'GET /api/attorney/master-lpq': MasterLpq;
  'POST /api/attorney/master-lpq': MasterLpq;
  'GET /api/attorney/conflicts-form': ConflictsForm;
  'PUT /api/attorney/conflicts-form': ConflictsForm;
  'GET /api/attorney/diversity-form': DiversityForm;
  'PUT /api/attorney/diversity-form': DiversityForm;
  'GET /api/attorney/business-plan': BusinessPlan;
  'PUT /api/attorney/business-plan': BusinessPlan;
  'GET /api/firm/profile': FirmProfile;
  'POST /api/firm/profile': FirmProfile;
  'PUT /api/firm/profile': FirmProfile;
  'GET /api/attorney/lpq-requests/:id/firm-profile': CandidateFirmProfile;
  'GET /api/lpqs/:id': PositionLpq;
  'PUT /api/lpqs/:id': PositionLpq;
  'PUT /api/lpqs/:id/complete': PositionLpq;
  'GET /api/firm/lpq-requests/:id': FirmRequestDetail;
  'GET /api/attorney/lpq-requests/:id/preview': SharePreview;
}>;
type Fitting<T extends { [K in keyof T]: K extends JsonRoute ? JsonAnswer<K> : never }> = T;

/** What a JSON route answers: its contract's success schema (z.output), or the document type above. */
export type ResultOf<K extends JsonRoute> = K extends keyof Documents ? Documents[K] : JsonAnswer<K>;

type SchemaAt<C, F extends string> = C extends { [P in F]: infer S extends z.ZodType } ? S : undefined;
type Field<F extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [P in F]?: z.input<S> }
    : object extends z.input<S>
      ? { [P in F]?: z.input<S> }
      : { [P in F]: z.input<S> }
  : { [P in F]?: never };

/** What a call sends: `params` for the path, `query`, `body` — each typed by the contract's schema. */
export type InputOf<K extends RouteKey> = Field<'params', SchemaAt<Routes[K], 'params'>> &
  Field<'query', SchemaAt<Routes[K], 'query'>> &
  Field<'body', SchemaAt<Routes[K], 'body'>>;
/** The body a route takes (z.input of its contract's body schema). */
export type BodyOf<K extends RouteKey> = NonNullable<InputOf<K>['body']>;
/** The path parameters of a route. */
export type ParamsOf<K extends RouteKey> = NonNullable<InputOf<K>['params']>;
/** The query of a route. */
export type QueryOf<K extends RouteKey> = NonNullable<InputOf<K>['query']>;

/** The input argument: optional when the route needs nothing. */
export type Args<K extends RouteKey> = object extends InputOf<K> ? [input?: InputOf<K>] : [input: InputOf<K>];
/** A URL's input: the path's params and the query. */
type UrlInput<K extends RouteKey> = Omit<InputOf<K>, 'body'>;
export type UrlArgs<K extends RouteKey> =
  object extends UrlInput<K> ? [input?: UrlInput<K>] : [input: UrlInput<K>];
