// Compile-time checks of the column declaration (the type check fails if they stop holding).
import { describe, expect, it } from 'vitest';
import type { ListColumn } from './types.js';

type Row = { name: string; code: string; schoolItemName: string | null };

describe('typed column ids', () => {
  it('accepts a field of the row, or any id with its own value', () => {
    const byField: ListColumn<Row> = { id: 'schoolItemName', header: '校区' };
    const computed: ListColumn<Row> = { id: 'label', header: '名称', value: (r) => `${r.code} ${r.name}` };
    expect([byField.id, computed.id]).toEqual(['schoolItemName', 'label']);
  });

  it('refuses a misspelt field (which would show a blank cell)', () => {
    // @ts-expect-error 'schoolItemname' is not a field of the row, and there is no value to read instead
    const typo: ListColumn<Row> = { id: 'schoolItemname', header: '校区' };
    expect(typo.id).toBe('schoolItemname');
  });
});
