// The published package's root: the client, the error catalogue (spec §8), the contract as data and
// the types a caller needs. The schemas and row types of a business area come from its subpath
// ('@bo/api-sdk/orders', '@bo/api-sdk/teaching', ...), one per slice of the contract.
export { createSdk, type Sdk } from './sdk.js';
export { createLazySdk } from './lazy.js';
export {
  createClient,
  createCaller,
  toQuery,
  VERSION_MARKER,
  type Caller,
  type ClientHooks,
  type ClientOptions,
  type ContractClient,
  type SliceClient,
} from './client.js';
export {
  ApiError,
  ErrorCode,
  TOKEN_FAILED_MESSAGE,
  clientMessages,
  isConnectionFinished,
  type ErrorCodeValue,
  type Locale,
} from './errors.js';
export { EnvelopeSchema, type TEnvelope } from './envelope.js';
export { eachRow, allRows } from './paging.js';
export { contract, catalogue, type Contract, type SliceName, type CatalogueEntry } from './contract/index.js';
export {
  SERVICES,
  PageQuery,
  page,
  Ok,
  FileResponse,
  isSoftError,
  type Service,
  type Method,
  type Kind,
  type Access,
  type Envelope,
  type AnyEndpoint,
  type EndpointDef,
  type Slice,
  type Page,
  type TPageQuery,
  type CallInput,
  type CallOutput,
  type ResponseOf,
  type ImportFileResult,
  type SoftError,
} from './contract/define.js';
export { buildOpenApi } from './openapi.js';
