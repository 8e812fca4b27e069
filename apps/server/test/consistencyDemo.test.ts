// on both engines: every figure of every screen through each engine's driver (numeric, dates) agrees.
// One truth for every figure, on the demo data: every figure shown on more than one dashboard or
// report is equal wherever it is shown, every card equals the sum of its rows, and the ledger
// identity holds per campus and month (the declaration: consistencyKit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import {
  CARDS,
  cardDisagreements,
  disagreements,
  expectNone,
  FIGURES,
  identityBreaks,
  studentBreaks,
} from './consistencyKit.js';
import { scenariosOf } from './consistencyScenarios.js';
import { startTestServer, type TestServer } from './harness.js';
import type { Scenario } from './consistencyKit.js';

let t: TestServer;
let admin: Sdk;
let scenarios: Scenario[];
let months: string[];

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  ({ scenarios, months } = await scenariosOf(t, ['SH01', 'BJ01']));
}, 120_000);
afterAll(async () => t?.close());

describe('one truth for every figure (demo data)', () => {
  for (const decl of FIGURES)
    it(`${decl.figure}: every dashboard and report that shows it agrees`, async () => {
      expectNone((await disagreements(admin, decl, scenarios)).found);
    }, 120_000);
  for (const c of CARDS)
    it(`${c.card}: the card equals the sum of its rows`, async () => {
      expectNone(await cardDisagreements(admin, c, scenarios));
    }, 120_000);
  it('per student: the students holding advance receipts, the cases and the lifetime account show one balance', async () => {
    const { found, students } = await studentBreaks(
      admin,
      scenarios[0]?.filter ?? { startDate: '', endDate: '' },
    );
    expectNone(found);
    expect(students).toBeGreaterThan(0);
  }, 120_000);
  it('per campus and month: received − refunded = revenue + closing − opening (− other movements)', async () => {
    expectNone(await identityBreaks(admin, ['SH01', 'SH02', 'HZ01', 'BJ01'], months));
  }, 120_000);
});
