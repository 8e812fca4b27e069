// The resource state machine (docs/clue-states.md "Resources"): every command asks `transition()` first.
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import { defineStateMachine, type StateRule } from '../../shared/stateMachine.js';

export type ResourceStatus = z.infer<
  (typeof contract.resources.queryResourceDetail.response)['shape']['status']
>;
/** Who may fire an action: the resource's owner, a supervisor of its campus/region, any specialist in scope. */
export type ResActor = 'owner' | 'supervisor' | 'specialist';

export type ResRule = StateRule<ResourceStatus, ResActor>;

/** States that hold the phone: a new resource with the same phone is refused. */
export const ACTIVE_RES: readonly ResourceStatus[] = ['new', 'assigned', 'following', 'abandoned'];
/** The resource pool: unassigned new resources and abandoned ones. */
export const POOL_RES: readonly ResourceStatus[] = ['new', 'abandoned'];
const WORKING: readonly ResourceStatus[] = ['assigned', 'following'];

export const RES_TRANSITIONS = {
  dist: { from: ['new', 'assigned', 'following', 'abandoned'], to: 'assigned', who: ['supervisor'] },
  receive: { from: POOL_RES, to: 'assigned', who: ['specialist', 'supervisor'] },
  follow: { from: WORKING, to: 'following', who: ['owner', 'supervisor'] },
  transfer: { from: WORKING, to: 'same', who: ['owner', 'supervisor'] },
  modify: { from: ACTIVE_RES, to: 'same', who: ['owner', 'supervisor'] },
  send: { from: WORKING, to: 'sent', who: ['owner', 'supervisor'] },
  invalid: { from: ACTIVE_RES, to: 'invalid', who: ['owner', 'supervisor'] },
  abandon: { from: WORKING, to: 'abandoned', who: ['owner', 'supervisor'] },
} satisfies Record<string, ResRule>;
export type ResAction = keyof typeof RES_TRANSITIONS;

export const RES_STATUS_NAMES: Record<ResourceStatus, string> = {
  new: '新资源',
  assigned: '已分配',
  following: '跟进中',
  sent: '已下发校区',
  invalid: '无效',
  abandoned: '资源池',
};

/** The resource machine, declared on the shared helper (src/shared/stateMachine.ts). */
export const RES_MACHINE = defineStateMachine<ResourceStatus, ResAction, ResActor>({
  subject: { 'zh-CN': '资源', en: 'resource' },
  field: 'status',
  names: RES_STATUS_NAMES,
  rules: RES_TRANSITIONS,
});

/**
 * The state after `action` on a resource in `from`, or a 422 naming both.
 * @example resTransition('follow', 'assigned') // 'following'
 */
export const resTransition = (action: ResAction, from: ResourceStatus): ResourceStatus =>
  RES_MACHINE.next(action, from);
