// on both engines: every figure of every screen through each engine's driver (numeric, dates) agrees.
// One truth for every figure, on a seeded scale: the bulk seed (SEED_SCALE beyond the detailed demo)
// adds orders, payments, ledger movements, lessons and refunds over the last year and a half; every
// figure of the declaration (consistencyKit.ts) must still agree wherever it is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import { seedBulk } from '../src/seed/index.js';
import {
  CARDS,
  cardDisagreements,
  disagreements,
  expectNone,
  FIGURES,
  identityBreaks,
  studentBreaks,
  type Scenario,
} from './consistencyKit.js';
import { scenariosOf } from './consistencyScenarios.js';
import { startTestServer, type TestServer } from './harness.js';
import { wire } from '../src/composition.js';

let t: TestServer;
let admin: Sdk;
let scenarios: Scenario[];
let months: string[];

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  // Three steps beyond the detailed scale (180 orders, a refund in forty), in one transaction as
  // the seed runs them.
  const ctx = {
    now: t.clock.now(),
    scale: 13,
    passwordCost: { memoryKib: 1024, timeCost: 1 },
    wiring: wire(),
  };
  await t.database.db.transaction(async (tx) => seedBulk({ ...ctx, db: tx }));
  ({ scenarios, months } = await scenariosOf(t, ['HZ01', 'SH02']));
}, 180_000);
afterAll(async () => t?.close());

describe('one truth for every figure (seeded scale)', () => {
  for (const decl of FIGURES)
    it(`${decl.figure}: every dashboard and report that shows it agrees`, async () => {
      const r = await disagreements(admin, decl, scenarios);
      expectNone(r.found);
      expect(r.moved, `${decl.figure} is not 0 in some period`).toBe(true);
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
