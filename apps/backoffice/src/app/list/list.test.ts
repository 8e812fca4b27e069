import { describe, expect, it } from 'vitest';
import { listQuery, matchFilters } from './defineListScreen';

describe('list binding helpers', () => {
  it('builds the list query from non-empty filters and paging', () => {
    expect(
      listQuery(
        { filters: { name: '北京', status: '', city: 'BJ' }, pageIdx: 2, pageSize: 50, sort: null },
        { kind: 'x' },
      ),
    ).toEqual({
      pageIdx: 2,
      pageSize: 50,
      name: '北京',
      city: 'BJ',
      kind: 'x',
    });
  });
  it('filters whole lists: text on code or name, status on validstatus or status, others exactly', () => {
    const rows = [
      { code: 'KF', name: '康复训练', validstatus: 1, typeCode: 'A' },
      { code: 'YY', name: '语言训练', validstatus: 0, typeCode: 'B' },
    ];
    expect(matchFilters(rows, { name: '语言' })).toEqual([rows[1]]);
    expect(matchFilters(rows, { status: '1' })).toEqual([rows[0]]);
    expect(matchFilters(rows, { typeCode: 'B', name: '' })).toEqual([rows[1]]);
    expect(matchFilters(rows, {})).toEqual(rows);
  });
});
