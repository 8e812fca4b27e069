// Saved views of list screens: a user's named filter states per screen. Every rule here keys on the
// caller: another user's view answers 404, exactly as a view that does not exist.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  SAVED_VIEWS_PER_SCREEN,
  SavedViewState,
  type SavedViewCreateInput,
  type SavedViewDefaultInput,
  type SavedViewUpdateInput,
  type TSavedView,
} from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, notFound, ruleViolation, staleVersion } from '../../http/errors.js';
import { must } from '../../shared/must.js';
import { savedViews } from './tables.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

type Row = typeof savedViews.$inferSelect;

const versionPlusOne = nextVersion(savedViews);

const NAME_TAKEN = '该界面已有同名视图 / this screen already has a view of that name';

function toView(r: Row): TSavedView {
  // Stored as written by the contract's schema; read back through it so the answer keeps its shape.
  const state = SavedViewState.safeParse(r.state);
  return {
    id: r.id,
    screen: r.screen,
    name: r.name,
    state: state.success ? state.data : { filters: {}, sort: null, hiddenColumns: null },
    isDefault: r.isDefault,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One's own view, locked for the change; another's is not found. */
async function ownView(tx: DbOrTx, user: AuthUser, id: number): Promise<Row> {
  const [r] = await tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id)))
    .for('update');
  if (!r) throw notFound('视图 / view', 'id');
  return r;
}

async function assertNameFree(tx: DbOrTx, user: AuthUser, screen: string, name: string, except?: number) {
  const [taken] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, user.id),
        eq(savedViews.screen, screen),
        eq(savedViews.name, name),
        except === undefined ? undefined : ne(savedViews.id, except),
      ),
    );
  if (taken) throw conflict(NAME_TAKEN, 'name');
}

/** A unique index refusing a name taken by a concurrent request gives the same answer as the check. */
async function nameGuard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(NAME_TAKEN, 'name');
    throw e;
  }
}

async function clearDefault(tx: DbOrTx, user: AuthUser, screen: string, now: Date, except?: number) {
  await tx
    .update(savedViews)
    .set({ isDefault: false, version: versionPlusOne, updatedAt: now })
    .where(
      and(
        eq(savedViews.userId, user.id),
        eq(savedViews.screen, screen),
        eq(savedViews.isDefault, true),
        except === undefined ? undefined : ne(savedViews.id, except),
      ),
    );
}

export async function listViews(deps: AppDeps, user: AuthUser, screen: string): Promise<TSavedView[]> {
  const rows = await deps.db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, user.id), eq(savedViews.screen, screen)))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map(toView);
}

export async function createView(
  deps: AppDeps,
  user: AuthUser,
  input: z.output<typeof SavedViewCreateInput>,
): Promise<TSavedView> {
  return nameGuard(() =>
    deps.db.transaction(async (tx) => {
      const now = deps.now();
      // One user's creates queue on their account row, so two at once cannot both pass the limit.
      await tx.execute(sql`select id from users where id = ${user.id} for update`);
      const [n] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.userId, user.id), eq(savedViews.screen, input.screen)));
      if ((n?.n ?? 0) >= SAVED_VIEWS_PER_SCREEN)
        throw ruleViolation(
          `每个界面最多保存${SAVED_VIEWS_PER_SCREEN}个视图，请先删除不用的视图 / at most ${SAVED_VIEWS_PER_SCREEN} views per screen; delete one you no longer use first`,
        );
      await assertNameFree(tx, user, input.screen, input.name);
      if (input.isDefault) await clearDefault(tx, user, input.screen, now);
      const [r] = await tx
        .insert(savedViews)
        .values({
          userId: user.id,
          screen: input.screen,
          name: input.name,
          state: input.state,
          isDefault: input.isDefault,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toView(must(r, 'the inserted view'));
    }),
  );
}

export async function updateView(
  deps: AppDeps,
  user: AuthUser,
  input: z.output<typeof SavedViewUpdateInput>,
): Promise<TSavedView> {
  return nameGuard(() =>
    deps.db.transaction(async (tx) => {
      const r = await ownView(tx, user, input.id);
      if (r.version !== input.version) throw staleVersion();
      if (input.name !== undefined && input.name !== r.name)
        await assertNameFree(tx, user, r.screen, input.name, r.id);
      const u = await updateVersioned(tx, savedViews, {
        where: eq(savedViews.id, r.id),
        version: undefined,
        set: { name: input.name ?? r.name, state: input.state ?? r.state },
        at: deps.now(),
      });
      return toView(must(u, 'the updated view'));
    }),
  );
}

export async function deleteView(deps: AppDeps, user: AuthUser, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const r = await ownView(tx, user, id);
    await tx.delete(savedViews).where(eq(savedViews.id, r.id));
  });
}

export async function setDefaultView(
  deps: AppDeps,
  user: AuthUser,
  input: z.output<typeof SavedViewDefaultInput>,
): Promise<TSavedView> {
  return deps.db.transaction(async (tx) => {
    const r = await ownView(tx, user, input.id);
    if (r.version !== input.version) throw staleVersion();
    const now = deps.now();
    if (input.isDefault) await clearDefault(tx, user, r.screen, now, r.id);
    const u = await updateVersioned(tx, savedViews, {
      where: eq(savedViews.id, r.id),
      version: undefined,
      set: { isDefault: input.isDefault },
      at: now,
    });
    return toView(must(u, 'the updated view'));
  });
}
