// Compile-time proofs that createClient infers each call's input and output from the declarations
// (checked by `tsc -p tsconfig.json`; vitest runs the file as a no-op).
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createClient } from './client.js';
import {
  FileResponse,
  Ok,
  PageQuery,
  get,
  page,
  post,
  signedIn,
  type ImportFileResult,
  type SoftError,
  type Slice,
} from './contract/define.js';

const Row = z.object({ id: z.number(), name: z.string(), createdAt: z.coerce.date() });
const slice = {
  list: get('/rows', {
    service: 'setting',
    summary: '',
    access: signedIn,
    query: PageQuery.extend({ name: z.string().optional() }),
    response: page(Row),
  }),
  one: get('/rows/{id}', {
    service: 'setting',
    summary: '',
    access: signedIn,
    params: z.object({ id: z.coerce.number() }),
    response: Row,
  }),
  save: post('/rows/save', {
    service: 'setting',
    summary: '',
    access: signedIn,
    body: z.object({ name: z.string(), count: z.number().default(1) }),
    response: Ok,
  }),
  check: post('/rows/check', {
    service: 'setting',
    summary: '',
    access: signedIn,
    body: z.object({ name: z.string() }),
    response: Ok,
    soft: true,
  }),
  common: get('/rows/common', {
    service: 'common',
    summary: '',
    access: signedIn,
    response: z.array(z.string()),
  }),
  merged: get('/rows/merged', {
    service: 'common',
    summary: '',
    access: signedIn,
    envelope: 'commonMerged',
    response: z.object({ total: z.number() }),
  }),
  file: get('/rows/file', {
    service: 'report',
    summary: '',
    access: signedIn,
    kind: 'download',
    response: FileResponse,
  }),
  upload: post('/rows/upload', {
    service: 'cloud',
    summary: '',
    access: signedIn,
    kind: 'upload',
    response: z.object({ url: z.string() }),
  }),
  importFile: post('/rows/import', {
    service: 'excelReport',
    summary: '',
    access: signedIn,
    kind: 'upload',
    returnsFile: true,
    response: Ok,
  }),
} satisfies Slice;
const sdk = createClient({ rows: slice }, { baseURL: 'http://127.0.0.1:1/api' });

describe('createClient types', () => {
  it('infers inputs from the schemas', () => {
    type ListIn = Parameters<typeof sdk.rows.list>[0];
    expectTypeOf<NonNullable<ListIn>['query']>().toEqualTypeOf<
      { pageIdx?: unknown; pageSize?: unknown; name?: string | undefined } | undefined
    >();
    expectTypeOf<Parameters<typeof sdk.rows.one>[0]['params']>().toEqualTypeOf<{ id: unknown }>();
    // Defaults make a field optional on input.
    expectTypeOf<Parameters<typeof sdk.rows.save>[0]['body']>().toEqualTypeOf<{
      name: string;
      count?: number | undefined;
    }>();
    expectTypeOf<Parameters<typeof sdk.rows.upload>[0]['file']>().toEqualTypeOf<Blob>();
  });

  it('makes the input optional only when nothing is required', () => {
    expectTypeOf(sdk.rows.list).toBeCallableWith();
    expectTypeOf(sdk.rows.common).toBeCallableWith();
    // @ts-expect-error params are required
    void (() => sdk.rows.one());
    // @ts-expect-error body.name must be a string
    void (() => sdk.rows.save({ body: { name: 1 } }));
    // @ts-expect-error no body on a GET endpoint without one
    void (() => sdk.rows.common({ body: {} }));
  });

  it('infers outputs after the envelope', () => {
    expectTypeOf(sdk.rows.list).returns.resolves.toEqualTypeOf<{
      list: { id: number; name: string; createdAt: Date }[];
      total: number;
      totalEstimated?: boolean | undefined;
      pageIdx: number;
      pageSize: number;
    }>();
    expectTypeOf(sdk.rows.one).returns.resolves.toEqualTypeOf<{
      id: number;
      name: string;
      createdAt: Date;
    }>();
    expectTypeOf(sdk.rows.save).returns.resolves.toEqualTypeOf<true>();
    expectTypeOf(sdk.rows.check).returns.resolves.toEqualTypeOf<true | SoftError>();
    expectTypeOf(sdk.rows.common).returns.resolves.toEqualTypeOf<{
      code: number;
      message: string;
      data: string[];
    }>();
    expectTypeOf(sdk.rows.merged).returns.resolves.toEqualTypeOf<
      { code: number; message: string } & { total: number }
    >();
    expectTypeOf(sdk.rows.file).returns.resolves.toEqualTypeOf<Blob>();
    expectTypeOf(sdk.rows.upload).returns.resolves.toEqualTypeOf<{ url: string }>();
    expectTypeOf(sdk.rows.importFile).returns.resolves.toEqualTypeOf<ImportFileResult>();
  });
});
