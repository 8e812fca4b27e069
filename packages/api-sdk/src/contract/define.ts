// The one way an endpoint is declared: as data, from which the client, the server routes,
// the CLI catalogue and the OpenAPI document are all derived.
import { z } from 'zod';
import { bounded } from './bounds.js';
export { fillPath } from './path.js';

/** Backend services of spec §7; every one defaults to the same origin. */
export const SERVICES = [
  'schedule',
  'setting',
  'user',
  'teachingPlan',
  'common',
  'assist',
  'assist2',
  'report',
  'clue',
  'interaction',
  'ehr',
  'root',
  'cloud',
  'excelReport',
] as const;
export type Service = (typeof SERVICES)[number];

export type Method = 'GET' | 'POST';
/** json: an envelope answer; download: a file answer; upload: a multipart request with a file. */
export type Kind = 'json' | 'download' | 'upload';

/**
 * Who may call an endpoint. The default is deny: every declaration must name one.
 * - public: no sign-in (login, health of the sign-in page);
 * - signedIn: any signed-in user (selectors, own profile, menus);
 * - privilege: a user holding at least one of the privilege codes (route paths of spec §2,
 *   e.g. '/setting/campus'); administrators hold all.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'privilege'; readonly anyOf: readonly string[] };

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const signedIn = { kind: 'signedIn' } as const satisfies Access;
/** Access for users holding any of the given privilege codes (route paths of spec §2). */
export const priv = (...anyOf: string[]): Access => ({ kind: 'privilege', anyOf });

/**
 * How the client unwraps the envelope (spec §8):
 * - standard: code 0 → data (null or {} → true), 99 → { errorMessage }, else an error;
 * - common: code 0 → the whole body { code, message, data };
 * - commonMerged: code 0 → { code, message, ...data } (the "child data" flag).
 */
export type Envelope = 'standard' | 'common' | 'commonMerged';

type AnyZod = z.ZodType;

export interface EndpointDef<
  P extends AnyZod | undefined = AnyZod | undefined,
  Q extends AnyZod | undefined = AnyZod | undefined,
  B extends AnyZod | undefined = AnyZod | undefined,
  R extends AnyZod = AnyZod,
  K extends Kind = Kind,
  En extends Envelope = Envelope,
  S extends boolean = boolean,
  F extends boolean = boolean,
> {
  readonly method: Method;
  /** Exactly the spec's path, with {name} for path parameters. */
  readonly path: string;
  readonly service: Service;
  readonly summary: string;
  readonly kind: K;
  readonly access: Access;
  readonly envelope: En;
  /** True when the server may answer code 99 (a soft error returned as { errorMessage }). */
  readonly soft: S;
  /**
   * Upload endpoints that answer with a file (an import-result workbook) or, when there is no file,
   * with a JSON envelope whose message is shown (spec §5 import rule). The client yields an ImportFileResult.
   */
  readonly returnsFile: F;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly response: R;
}

export type AnyEndpoint = EndpointDef<AnyZod | undefined, AnyZod | undefined, AnyZod | undefined, AnyZod>;
/** A slice: a record of named endpoints of one business area. */
export type Slice = Record<string, AnyEndpoint>;

interface Options<P, Q, B, R, K extends Kind, En extends Envelope, S extends boolean, F extends boolean> {
  service: Service;
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  kind?: K;
  envelope?: En;
  soft?: S;
  returnsFile?: F;
}

/** The envelope a service answers with unless declared: the common service's own, else the standard one. */
type DefaultEnvelope<Sv extends Service> = Sv extends 'common' ? 'common' : 'standard';

// NoInfer on the result: a contextual type (`satisfies Slice`) must not widen the literals
// (kind, envelope, soft, returnsFile) or fill absent params/query/body with AnyZod.
function endpoint<
  P extends AnyZod | undefined,
  Q extends AnyZod | undefined,
  B extends AnyZod | undefined,
  R extends AnyZod,
  K extends Kind,
  En extends Envelope,
  S extends boolean,
  F extends boolean,
>(method: Method, path: string, o: Options<P, Q, B, R, K, En, S, F>): EndpointDef<P, Q, B, R, K, En, S, F> {
  return {
    method,
    path,
    service: o.service,
    summary: o.summary,
    kind: (o.kind ?? 'json') as K,
    access: o.access,
    envelope: (o.envelope ?? (o.service === 'common' ? 'common' : 'standard')) as En,
    soft: (o.soft ?? false) as S,
    returnsFile: (o.returnsFile ?? false) as F,
    // Inputs are bounded here, once for every endpoint: texts, numbers and dates a client sends
    // fit PostgreSQL's columns or are refused as 400 naming the field (bounds.ts).
    params: bounded(o.params) as P,
    query: bounded(o.query) as Q,
    body: bounded(o.body) as B,
    response: o.response,
  };
}

/** Declares a GET endpoint. */
export const get = <
  P extends AnyZod | undefined = undefined,
  Q extends AnyZod | undefined = undefined,
  R extends AnyZod = AnyZod,
  K extends Kind = 'json',
  Sv extends Service = Service,
  En extends Envelope = DefaultEnvelope<Sv>,
  S extends boolean = false,
  F extends boolean = false,
>(
  path: string,
  o: Omit<Options<P, Q, undefined, R, K, En, S, F>, 'body' | 'service'> & { service: Sv },
): EndpointDef<
  NoInfer<P>,
  NoInfer<Q>,
  undefined,
  NoInfer<R>,
  NoInfer<K>,
  NoInfer<En>,
  NoInfer<S>,
  NoInfer<F>
> => endpoint<P, Q, undefined, R, K, En, S, F>('GET', path, o);

/** Declares a POST endpoint. */
export const post = <
  P extends AnyZod | undefined = undefined,
  Q extends AnyZod | undefined = undefined,
  B extends AnyZod | undefined = undefined,
  R extends AnyZod = AnyZod,
  K extends Kind = 'json',
  Sv extends Service = Service,
  En extends Envelope = DefaultEnvelope<Sv>,
  S extends boolean = false,
  F extends boolean = false,
>(
  path: string,
  o: Omit<Options<P, Q, B, R, K, En, S, F>, 'service'> & { service: Sv },
): EndpointDef<
  NoInfer<P>,
  NoInfer<Q>,
  NoInfer<B>,
  NoInfer<R>,
  NoInfer<K>,
  NoInfer<En>,
  NoInfer<S>,
  NoInfer<F>
> => endpoint<P, Q, B, R, K, En, S, F>('POST', path, o);

// ---- shared schemas (pagination, ok, ids) ----

/** A command that answers nothing: the server sends null, the client turns it into true. */
export const Ok = z.literal(true);

/** The "1"/"0" and true/false forms a query string carries, as a boolean. */
export const QueryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);

/** Paging input: pageIdx/pageSize as the spec's lists use them (1-based). */
export const PageQuery = z.object({
  pageIdx: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
export type TPageQuery = z.infer<typeof PageQuery>;

/**
 * A page of rows: the rows plus the total count of the whole filtered result. A huge result is not
 * counted on every page: then `totalEstimated` is true and `total` is the database's estimate.
 */
export const page = <T extends AnyZod>(row: T) =>
  z.object({
    list: z.array(row),
    total: z.number().int().nonnegative(),
    totalEstimated: z.boolean().optional(),
    pageIdx: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = {
  list: T[];
  total: number;
  totalEstimated?: boolean;
  pageIdx: number;
  pageSize: number;
};

/** valid/invalid switch of master data: 1 valid, 0 invalid. */
export const ValidStatus = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1)]));

/** A file answer of a download endpoint (the client yields a Blob, the server a buffer or stream). */
export const FileResponse = z.custom<Blob>(() => true, { message: 'file' });

// ---- type helpers ----
type Out<T> = T extends AnyZod ? z.output<T> : never;
type In<T> = T extends AnyZod ? z.input<T> : never;

export type ParamsOf<E extends AnyEndpoint> = E['params'] extends AnyZod ? In<E['params']> : undefined;
export type QueryOf<E extends AnyEndpoint> = E['query'] extends AnyZod ? In<E['query']> : undefined;
export type BodyOf<E extends AnyEndpoint> = E['body'] extends AnyZod ? In<E['body']> : undefined;
export type ParsedParams<E extends AnyEndpoint> = E['params'] extends AnyZod ? Out<E['params']> : undefined;
export type ParsedQuery<E extends AnyEndpoint> = E['query'] extends AnyZod ? Out<E['query']> : undefined;
export type ParsedBody<E extends AnyEndpoint> = E['body'] extends AnyZod ? Out<E['body']> : undefined;
export type ResponseOf<E extends AnyEndpoint> = z.output<E['response']>;
/** What a server handler returns for the endpoint (the response schema's input). */
export type HandlerResult<E extends AnyEndpoint> = E['kind'] extends 'download'
  ? DownloadResult
  : E['returnsFile'] extends true
    ? DownloadResult | { message: string }
    : z.input<E['response']>;

export interface DownloadResult {
  filename: string;
  contentType: string;
  body: Uint8Array | NodeJS.ReadableStream;
}

/** A part of the call input: required when the schema needs a value, optional when {} or undefined will do. */
type Part<K extends string, S> = S extends AnyZod
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : Record<never, never> extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : { [P in K]?: never };
/** The single input object of a client call: { params, query, body, file } as declared. */
export type CallInput<E extends AnyEndpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']> &
  (E['kind'] extends 'upload'
    ? { file: Blob; filename?: string; fields?: Record<string, string> }
    : { file?: never }) & {
    /** Cancels the request (a newer one replaces it): the call rejects without the error hook. */
    signal?: AbortSignal;
  };

/** What a client call resolves to, after the envelope of spec §8. */
export type CallOutput<E extends AnyEndpoint> = E['kind'] extends 'download'
  ? Blob
  : E['returnsFile'] extends true
    ? ImportFileResult
    : E['envelope'] extends 'common'
      ? { code: number; message: string; data: ResponseOf<E> }
      : E['envelope'] extends 'commonMerged'
        ? { code: number; message: string } & ResponseOf<E>
        : E['soft'] extends true
          ? ResponseOf<E> | SoftError
          : ResponseOf<E>;

/**
 * The answer of an import that may return a result workbook (spec §5): result 1 when the file
 * downloaded, result 2 (failure) when the answer was not a file — then its message is shown.
 */
export type ImportFileResult =
  | { result: 1; file: Blob; filename: string | null }
  | { result: 2; file: null; code: number; message: string };

/** Code 99's answer: the message as errorMessage, no popup. */
export interface SoftError {
  errorMessage: string;
}
export const isSoftError = (v: unknown): v is SoftError =>
  typeof v === 'object' && v !== null && 'errorMessage' in v && Object.keys(v).length === 1;
