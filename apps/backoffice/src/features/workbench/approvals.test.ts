import { describe, expect, it } from 'vitest';
import { approvalKindOf } from './approvals';

describe('approvalKindOf', () => {
  it('names the request a pending clue waits for', () => {
    expect(approvalKindOf('transfer_pending')).toBe('transfer');
    expect(approvalKindOf('abandon_pending')).toBe('abandon');
    expect(approvalKindOf('invalid_pending')).toBe('invalid');
    expect(approvalKindOf('following')).toBeNull();
  });
});
