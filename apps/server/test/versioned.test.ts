// The versioned-update helper (src/shared/versioned.ts) on the real database: a row updated on the
// version sent goes up by one and is answered; a stale version is a 409; a key that finds nothing is a
// 404 when the record is named (409 otherwise); updatedAt is stamped with the command's time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@bo/api-sdk';
import { AppError } from '../src/http/errors.js';
import { nextVersion, updateVersioned } from '../src/shared/versioned.js';
import { savedViews } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let id: number;
const at0 = new Date('2026-03-01T02:00:00Z');
beforeAll(async () => {
  t = await startTestServer({ demo: false });
  const [row] = await t.deps.db
    .insert(savedViews)
    .values({ userId: 1, screen: '/versioned', name: 'v', state: {}, createdAt: at0, updatedAt: at0 })
    .returning();
  if (!row) throw new Error('no row inserted');
  id = row.id;
});
afterAll(async () => t?.close());

const refusal = async (p: Promise<unknown>): Promise<AppError> => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

describe('updateVersioned', () => {
  it('updates the row on the version sent, raises the version by one and stamps updatedAt', async () => {
    const at = new Date('2026-03-02T03:00:00Z');
    const saved = await updateVersioned(t.deps.db, savedViews, {
      where: eq(savedViews.id, id),
      version: 1,
      set: { name: 'renamed' },
      at,
    });
    expect(saved).toMatchObject({ id, name: 'renamed', version: 2 });
    expect(saved.updatedAt.toISOString()).toBe(at.toISOString());
    const [row] = await t.deps.db.select().from(savedViews).where(eq(savedViews.id, id));
    expect(row).toMatchObject({ name: 'renamed', version: 2 });
  });

  it('refuses a stale version with a 409 and changes nothing', async () => {
    const e = await refusal(
      updateVersioned(t.deps.db, savedViews, {
        where: eq(savedViews.id, id),
        version: 1,
        set: { name: 'stale' },
        missing: '视图 / view',
      }),
    );
    expect(e.httpStatus).toBe(409);
    expect(e.code).toBe(ErrorCode.conflict);
    expect(e.field).toBe('version');
    const [row] = await t.deps.db.select().from(savedViews).where(eq(savedViews.id, id));
    expect(row).toMatchObject({ name: 'renamed', version: 2 });
  });

  it('answers 404 naming the record when the key finds no row, 409 when the record is not named', async () => {
    const e = await refusal(
      updateVersioned(t.deps.db, savedViews, {
        where: eq(savedViews.id, id + 1000),
        version: 1,
        set: { name: 'x' },
        missing: { what: '视图 / view', field: 'id' },
      }),
    );
    expect(e.httpStatus).toBe(404);
    expect(e.code).toBe(ErrorCode.notFound);
    expect(e.field).toBe('id');
    const unnamed = await refusal(
      updateVersioned(t.deps.db, savedViews, { where: eq(savedViews.id, id + 1000), version: 1, set: {} }),
    );
    expect(unnamed.httpStatus).toBe(409);
  });

  it('without a version updates whatever version the row has, and answers the fields asked for', async () => {
    const saved = await updateVersioned(
      t.deps.db,
      savedViews,
      { where: eq(savedViews.id, id), version: undefined, set: { isDefault: true } },
      { id: savedViews.id, version: savedViews.version },
    );
    expect(saved).toEqual({ id, version: 3 });
    // Many rows at once: nextVersion is the same `version + 1`.
    await t.deps.db
      .update(savedViews)
      .set({ version: nextVersion(savedViews) })
      .where(eq(savedViews.screen, '/versioned'));
    const [row] = await t.deps.db.select().from(savedViews).where(eq(savedViews.id, id));
    expect(row).toMatchObject({ isDefault: true, version: 4 });
  });
});
