// Who may see a clue and who may take which action on it (spec §6 scope and the transition table's roles).
import { APPROVER_ROLES, MANAGER_ROLES, ROLE } from '@bo/domain';
import type { AuthUser } from '../../http/auth.js';
import { noPermission } from '../../http/errors.js';
import type { ClueRecord } from './common.js';
import {
  TRANSITIONS,
  transition,
  type Actor,
  type ClueAction,
  type ClueState,
  type TransitionRule,
} from './states.js';

export { ROLE };
const isRole = (u: AuthUser, codes: readonly number[]) => u.roles.some((r) => codes.includes(r));
export const isManager = (u: AuthUser) => u.isAdmin || isRole(u, MANAGER_ROLES);
export const isApprover = (u: AuthUser) => u.isAdmin || isRole(u, APPROVER_ROLES);

/** Whether the user may open the clue at all (spec §6 scope): refuses with 403, never filters silently. */
export function assertCanSee(u: AuthUser, c: ClueRecord): void {
  if (u.allScope) return;
  if (c.ownerUserId === u.id) return;
  if (!c.schoolItemCode) {
    if (c.flowState === 'high_sea') return;
    throw noPermission('该线索属于品牌中心 / the clue belongs to the brand centre');
  }
  if (!u.schoolItems.includes(c.schoolItemCode))
    throw noPermission(`无权访问该校区的线索 / the clue's campus ${c.schoolItemCode} is outside your scope`);
  if (isManager(u)) return;
  if (c.flowState === 'pool' || c.flowState === 'high_sea') return;
  throw noPermission('该线索属于其他顾问 / the clue belongs to another consultant');
}

/** True when the user plays one of the rule's roles on this clue. */
function plays(u: AuthUser | null, c: ClueRecord, who: readonly Actor[]): boolean {
  if (!u) return who.includes('system');
  return who.some((w) => {
    switch (w) {
      case 'anyone':
        return true;
      case 'owner':
        return c.ownerUserId === u.id;
      case 'manager':
        return (
          isManager(u) && (u.allScope || (!!c.schoolItemCode && u.schoolItems.includes(c.schoolItemCode)))
        );
      case 'approver':
        return isApprover(u);
      case 'admin':
        return u.isAdmin;
      case 'system':
        return false;
    }
    return false;
  });
}

/** Checks scope, state and role for an action; answers the target state. 403 / 422 otherwise. */
export function authorize(u: AuthUser | null, c: ClueRecord, action: ClueAction): ClueState {
  if (u) assertCanSee(u, c);
  const to = transition(action, c.flowState as ClueState, c.pendingFrom as ClueState | null);
  const rule: TransitionRule = TRANSITIONS[action];
  if (!plays(u, c, rule.who))
    throw noPermission(`无权执行此操作 / only ${rule.who.join(' or ')} may ${action} this clue`);
  return to;
}

/** Actions the user may take on the clue now (for the detail's buttons). */
export function allowedActions(u: AuthUser, c: ClueRecord): string[] {
  return (Object.keys(TRANSITIONS) as ClueAction[]).filter((a) => {
    const rule: TransitionRule = TRANSITIONS[a];
    return rule.from.includes(c.flowState as ClueState) && plays(u, c, rule.who);
  });
}
