import { describe, expect, it } from 'vitest';
import * as c from './constants.js';

describe('constants of spec §9', () => {
  it('carry the spec values', () => {
    expect(c.VERSION_MARKER).toBe('1.1');
    expect(c.UPDATE_POLL_MS).toBe(300000);
    expect(c.CLASS_POLL_MS).toBe(30000);
    expect(c.CHUNK_TIMEOUT_MS).toBe(120000);
    expect(c.CLICK_THROTTLE_MS).toBe(2000);
    expect([c.DEGREE_DEFAULT_PAGE, c.DEGREE_DEFAULT_PAGE_SIZE]).toEqual([1, 10]);
    expect(c.DEGREE_DEFAULT_CHECKLIST).toEqual([0, 1, 2, 5]);
    expect(c.DEGREE_DEFAULT_CLASS_MODE).toBe('1v1Student');
    expect([c.FEEDBACK_MAX_CHARS, c.FEEDBACK_MAX_FILES, c.FEEDBACK_SOURCE_CODE]).toEqual([3000, 9, 3]);
    expect(c.FEEDBACK_ACCEPT).toEqual(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'mp4']);
    expect(c.UPLOAD_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect([c.SIDEBAR_WIDTH, c.SIDEBAR_COLLAPSED_WIDTH]).toEqual([200, 64]);
    expect([c.MIN_TEACHER_RANK, c.DEFAULT_TEACHING_MODE]).toEqual([2, 2]);
    expect(c.ATTENDING_STUDENT_TYPES).toEqual([2, 3]);
    expect([c.DICT_CALENDAR_TYPE, c.IS_CURRENT, c.IS_MYSELF, c.REGION_ALL_CODE]).toEqual([1, 1, 1, 0]);
    expect([c.AMOUNT_DECIMALS, c.AMOUNT_MAX_INT_DIGITS]).toEqual([2, 7]);
    expect([c.DATE_LOCK_BEFORE_DAYS, c.DATE_LOCK_AFTER_DAYS]).toEqual([3, 2]);
  });

  it('names storage keys after themselves', () => {
    expect(Object.keys(c.STORAGE_KEYS)).toEqual([
      'token',
      'studentCode',
      'payCode',
      'studentDetailCode',
      'tabsList',
      'loadTop',
      'loadLeft',
    ]);
    for (const [k, v] of Object.entries(c.STORAGE_KEYS)) expect(v).toBe(k);
  });

  it('names export workbooks with the date as YYYYMMDD', () => {
    expect(c.exportFileName('汇总表', '2026-03-05')).toBe('汇总表_20260305.xlsx');
    expect(c.exportFileName('summary', new Date(2026, 11, 31, 23, 59))).toBe('summary_20261231.xlsx');
    expect(c.exportFileName(c.EXPORT_NAMES.classHourDetail['zh-CN'], '2026-01-02')).toBe(
      '课时明细_20260102.xlsx',
    );
    expect(c.EXPORT_NAMES.importResult).toEqual({ 'zh-CN': '导入结果', en: 'Import result' });
    expect(c.EXPORT_NAMES.supervisorCaseDetail['zh-CN']).toBe('督导个案明细');
    expect(c.EXPORT_NAMES.assessmentDetail['zh-CN']).toBe('测评明细');
  });
});
