// The one list shape of a kind's approvals (refund, adjust, leave, make-up, transfer school …): the
// filter every approval list takes and the columns every row carries, so each owning slice only
// joins its subject and adds its own columns.
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { decidableBy, whyNotDecide } from './engine.js';
import type { RequestRecord } from './registry.js';
import { approvalRequests } from './tables.js';

export interface KindApprovalFilter {
  status?: number | undefined;
  schoolItemCode?: string | undefined;
  /** The subject's name or code, or what the slice adds (`also`). */
  keyword?: string | undefined;
  /** Only what the caller may decide now. */
  mine?: boolean | undefined;
}

/**
 * The condition of a kind's approval list: its kinds, the caller's campuses (a named campus outside
 * them is refused), status, keyword over the subject (plus the slice's own `also` conditions).
 */
export function kindApprovalWhere(
  u: AuthUser,
  kinds: readonly string[],
  q: KindApprovalFilter,
  also: (keyword: string) => SQL[] = () => [],
): SQL | undefined {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  return and(
    inArray(approvalRequests.kind, [...kinds]),
    scope
      ? or(
          inArray(approvalRequests.schoolItemCode, [...scope, '']),
          inArray(approvalRequests.toSchoolItemCode, [...scope, '']),
        )
      : undefined,
    q.schoolItemCode
      ? or(
          eq(approvalRequests.schoolItemCode, q.schoolItemCode),
          eq(approvalRequests.toSchoolItemCode, q.schoolItemCode),
        )
      : undefined,
    q.status ? eq(approvalRequests.status, q.status) : undefined,
    q.keyword
      ? or(
          ilike(approvalRequests.subjectName, `%${q.keyword}%`),
          eq(approvalRequests.subjectCode, q.keyword),
          ...also(q.keyword),
        )
      : undefined,
    q.mine ? decidableBy(u, kinds) : undefined,
  );
}

/**
 * The columns every approval row carries; `canDecide` is the engine's own answer (`whyNotDecide`),
 * so a row never offers a decision the detail or the decision would refuse. `passed` is what
 * `passedOtherSteps` answered for the page's requests.
 */
export function kindApprovalRow(
  u: AuthUser,
  r: RequestRecord,
  names: { schoolItemName: string | null; requestedByName: string | null },
  passed: ReadonlySet<number>,
) {
  return {
    id: r.id,
    status: r.status,
    subjectId: r.subjectId,
    subjectCode: r.subjectCode,
    subjectName: r.subjectName,
    schoolItemCode: r.schoolItemCode,
    schoolItemName: names.schoolItemName,
    toSchoolItemCode: r.toSchoolItemCode,
    reason: r.reason,
    requestedBy: r.requestedBy,
    requestedByName: names.requestedByName,
    requestedAt: r.requestedAt.toISOString(),
    stepName: r.steps[r.step]?.name ?? null,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    comment: r.comment,
    canDecide: whyNotDecide(u, r, passed.has(r.id)) === null,
    version: r.version,
  };
}
