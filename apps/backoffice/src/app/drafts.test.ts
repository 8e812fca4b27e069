import { describe, expect, it } from 'vitest';
import { clearDraftForTab, followDraftKey } from './drafts';

describe('follow-up drafts', () => {
  it('names the key by screen and item', () => {
    expect(followDraftKey('clueDetail', 12)).toBe('followDraft:/clues/clueDetail:12');
  });
  it('closing a clue or resource tab removes only that item draft', () => {
    localStorage.setItem(followDraftKey('resourceDetail', '5'), 'x');
    localStorage.setItem(followDraftKey('resourceDetail', '6'), 'y');
    clearDraftForTab('/clues/resourceDetail?id=5');
    expect(localStorage.getItem(followDraftKey('resourceDetail', '5'))).toBeNull();
    expect(localStorage.getItem(followDraftKey('resourceDetail', '6'))).toBe('y');
    clearDraftForTab('/clues/clueList?id=6');
    expect(localStorage.getItem(followDraftKey('resourceDetail', '6'))).toBe('y');
  });
});
