import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, clueOrderPath, detailActions, readDraft, relativeTime, writeDraft } from './logic';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    get length() {
      return m.size;
    },
  };
}

describe('detailActions', () => {
  it('shows only what the server allows, in a fixed order', () => {
    expect(
      detailActions([
        'follow',
        'transferRequest',
        'abandonRequest',
        'invalidRequest',
        'submitToDirector',
        'scheduleVisit',
      ]),
    ).toEqual(['follow', 'scheduleVisit', 'transfer', 'toDirector', 'channel', 'abandon', 'invalid']);
  });
  it('a pending clue gets no buttons; a visited one can convert', () => {
    expect(detailActions([])).toEqual([]);
    expect(detailActions(['follow', 'assess', 'convert'])).toEqual([
      'follow',
      'assess',
      'convert',
      'channel',
    ]);
  });
  it('a manager transferring directly still gets the transfer button', () => {
    expect(detailActions(['transferDirect'])).toEqual(['transfer']);
  });
});

describe('clueOrderPath', () => {
  it('sends a clue to pay as a clue and a converted one to renew on its student', () => {
    expect(clueOrderPath({ clueId: 7, studentCode: null })).toBe('/students/order?clueId=7');
    expect(clueOrderPath({ clueId: 7, studentCode: 'XY 01' })).toBe('/students/order?studentCode=XY%2001');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('speaks in minutes, hours and days, both ways', () => {
    expect(relativeTime('2026-01-10T11:59:30Z', now, 'en')).toBe('just now');
    expect(relativeTime('2026-01-10T11:55:00Z', now, 'en')).toBe('5 min ago');
    expect(relativeTime('2026-01-10T14:00:00Z', now, 'en')).toBe('in 2 h');
    expect(relativeTime('2026-01-07T12:00:00Z', now, 'zh-CN')).toBe('3天前');
    expect(relativeTime(null, now, 'en')).toBe('');
  });
  it('stays relative for long spans, so one column never mixes forms', () => {
    expect(relativeTime('2025-12-01T12:00:00Z', now, 'en')).toBe('1 month ago');
    expect(relativeTime('2025-12-01T12:00:00Z', now, 'zh-CN')).toBe('1个月前');
    expect(relativeTime('2025-12-27T12:00:00Z', now, 'en')).toBe('14 days ago');
    expect(relativeTime('2023-01-10T12:00:00Z', now, 'zh-CN')).toBe('3年前');
    expect(relativeTime('2026-01-11T12:00:00Z', now, 'en')).toBe('in 1 day');
  });
});

describe('follow-up drafts', () => {
  it('round-trips and removes an empty draft', () => {
    const s = memory();
    writeDraft(s, 'k', { content: 'called', nextVisitAt: '', intentionLevel: 'A' });
    expect(readDraft(s, 'k')).toEqual({ content: 'called', nextVisitAt: '', intentionLevel: 'A' });
    writeDraft(s, 'k', EMPTY_DRAFT);
    expect(s.getItem('k')).toBeNull();
  });
  it('a broken entry reads as empty', () => {
    const s = memory();
    s.setItem('k', '{oops');
    expect(readDraft(s, 'k')).toEqual(EMPTY_DRAFT);
  });
});

describe('qualityTotal', () => {
  it('is the rounded mean', async () => {
    const { qualityTotal } = await import('./logic');
    expect(qualityTotal([80, 90, 75])).toBe(82);
    expect(qualityTotal([])).toBe(0);
  });
});
