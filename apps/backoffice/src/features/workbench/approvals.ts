// Which approval a pending clue waits for (the workbench's approvals list carries the state, not the kind).
import type { TApprovalRow, TClueState } from '../clues/types';

/**
 * @example approvalKindOf('abandon_pending') // 'abandon'
 */
export function approvalKindOf(state: TClueState): TApprovalRow['kind'] | null {
  if (state === 'transfer_pending') return 'transfer';
  if (state === 'abandon_pending') return 'abandon';
  if (state === 'invalid_pending') return 'invalid';
  return null;
}
