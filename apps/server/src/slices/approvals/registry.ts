// The approval kinds a slice registers (docs/approvals.md): what a request is about, its default
// flow, and the hooks that run inside the decision's transaction.
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AppEvents } from '../../deps.js';
import type { EventBus } from '../../shared/eventBus.js';
import type { AuthUser } from '../../http/auth.js';
import type { StoredStep, approvalRequests } from './tables.js';

export type RequestRecord = typeof approvalRequests.$inferSelect;

/** What a hook sees: the request (payload parsed by the kind's schema), who decided, when, why. */
export interface HookContext<P> {
  tx: DbOrTx;
  request: RequestRecord;
  payload: P;
  actor: AuthUser;
  now: Date;
  comment: string;
  /** The app's event bus: a hook announces what the decision did (in the decision's transaction). */
  events: EventBus<AppEvents>;
}

export interface ApprovalKindDef<P> {
  /** Unique over the product, camelCase, prefixed by the owning slice's idea: 'clueInvalid', 'orderRefund'. */
  kind: string;
  /** The subject's type: 'clue', 'order', … */
  subjectType: string;
  label: { 'zh-CN': string; en: string };
  /** The kind's own data of a request, checked whenever a hook reads it. */
  payload: z.ZodType<P>;
  /** The flow until an administrator saves another one in the settings. */
  defaultSteps: StoredStep[];
  /** Only for kinds whose existing endpoints allowed it (the clue kinds); every new kind requires a comment. */
  rejectCommentOptional?: boolean;
  /** The request is approved (last step passed): make it take effect. */
  onPass: (c: HookContext<P>) => Promise<void>;
  /** The request is rejected at any step. */
  onReject?: (c: HookContext<P>) => Promise<void>;
  /** The requester withdrew it. */
  onCancel?: (c: HookContext<P>) => Promise<void>;
  /** Undo what onPass did; without it the kind cannot be revoked. */
  onRevoke?: (c: HookContext<P>) => Promise<void>;
  /** Who may revoke (default: an approver of the last step, never the requester). */
  canRevoke?: (c: HookContext<P>) => boolean | Promise<boolean>;
}

/** A registered kind with its payload type erased (hooks parse the payload themselves). */
export interface RegisteredKind {
  kind: string;
  subjectType: string;
  label: { 'zh-CN': string; en: string };
  defaultSteps: StoredStep[];
  rejectCommentOptional: boolean;
  revocable: boolean;
  run: (
    hook: 'onPass' | 'onReject' | 'onCancel' | 'onRevoke',
    c: Omit<HookContext<unknown>, 'payload'>,
  ) => Promise<void>;
  mayRevoke: ((c: Omit<HookContext<unknown>, 'payload'>) => Promise<boolean>) | null;
}

const kinds = new Map<string, RegisteredKind>();

/** Registers a kind once, at module load of the owning slice; a second registration of a name is a bug. */
export function registerApprovalKind<P>(def: ApprovalKindDef<P>): void {
  if (kinds.has(def.kind)) throw new Error(`approval kind ${def.kind} is registered twice`);
  if (!def.defaultSteps.length) throw new Error(`approval kind ${def.kind} needs a default step`);
  const withPayload = (c: Omit<HookContext<unknown>, 'payload'>): HookContext<P> => ({
    ...c,
    payload: def.payload.parse(c.request.payload),
  });
  const { canRevoke } = def;
  kinds.set(def.kind, {
    kind: def.kind,
    subjectType: def.subjectType,
    label: def.label,
    defaultSteps: def.defaultSteps,
    rejectCommentOptional: def.rejectCommentOptional ?? false,
    revocable: !!def.onRevoke,
    run: async (hook, c) => {
      const fn = def[hook];
      if (fn) await fn(withPayload(c));
    },
    mayRevoke: canRevoke ? async (c) => canRevoke(withPayload(c)) : null,
  });
}

export const approvalKind = (kind: string): RegisteredKind | undefined => kinds.get(kind);
export const approvalKinds = (): RegisteredKind[] => [...kinds.values()];

/** The kind's name in Chinese (the task centre's titles); the code when unknown. */
export const approvalKindLabel = (kind: string): string => kinds.get(kind)?.label['zh-CN'] ?? kind;
