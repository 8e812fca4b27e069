import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_STATUS,
  APPROVAL_STATUS,
  DEGREE_TYPES,
  FREQUENCY_TYPES,
  ORDER_TYPES,
  REST_CONSTANT,
  TIME_BANDS,
  UNITS,
  activityStatus,
  approvalStatus,
  approvalStatusLabel,
  approvalCode,
  codeLabel,
  describeFrequency,
  hasScheduleOrders,
  orderType,
  timeBand,
  unit,
} from './statuses.js';

describe('activity status', () => {
  it.each([
    [5, '未开始', 'Not started', 'orange'],
    [10, '进行中', 'In progress', 'blue'],
    [20, '已结束', 'Ended', 'green'],
    [30, '已取消', 'Cancelled', 'grey'],
  ])('%s', (code, zh, en, color) => {
    const s = activityStatus(code);
    expect(s).toMatchObject({ code, color, label: { 'zh-CN': zh, en } });
    expect(activityStatus(String(code))).toBe(s);
  });

  it('is null for unknown codes', () => {
    expect(activityStatus(7)).toBeNull();
    expect(activityStatus(null)).toBeNull();
    expect(activityStatus('')).toBeNull();
    expect(Object.keys(ACTIVITY_STATUS)).toHaveLength(4);
  });
});

describe('approval status', () => {
  it.each([
    [5, 'WAIT'],
    ['5', 'WAIT'],
    ['WAIT', 'WAIT'],
    [10, 'DEFAULT'],
    ['DEFAULT', 'DEFAULT'],
    [15, 'PASS'],
    [20, 'PASS'],
    ['PASS', 'PASS'],
    ['pass', 'PASS'],
    [30, 'REJECT'],
    ['REJECT', 'REJECT'],
    [40, 'REVOKE'],
    ['cancel', 'CANCEL'],
    [50, 'CANCEL'],
  ] as const)('%s → %s', (input, name) => {
    expect(approvalStatus(input)).toBe(name);
  });

  it.each([[0], [25], ['OTHER'], [null], [undefined], [''], [true]])('%s is unknown', (input) => {
    expect(approvalStatus(input)).toBeNull();
  });

  it('labels both forms', () => {
    expect(approvalStatusLabel(5, 'en')).toBe('Pending approval');
    expect(approvalStatusLabel('DEFAULT')).toBe('审批中');
    expect(approvalStatusLabel(15)).toBe(APPROVAL_STATUS.PASS.label['zh-CN']);
    expect(approvalStatusLabel('REJECT', 'en')).toBe('Rejected');
    expect(approvalStatusLabel(99)).toBe('-');
  });

  it('stores one code per status, whichever form was given', () => {
    expect(approvalCode('PASS')).toBe(20);
    expect(approvalCode(15)).toBe(20);
    expect(approvalCode('wait')).toBe(5);
    expect(approvalCode(40)).toBe(40);
    expect(approvalCode('nope')).toBeNull();
  });
});

describe('degree types and frequency', () => {
  it('has a schedule-order list only for formal and temp students', () => {
    expect(Object.keys(DEGREE_TYPES)).toEqual([
      'FORMAL_STUDENT',
      'TEMP_STUDENT',
      'GROUP_COURSE',
      'ASSIST_TASK',
      'BOOK_STUDENT',
    ]);
    expect(hasScheduleOrders('FORMAL_STUDENT')).toBe(true);
    expect(hasScheduleOrders('TEMP_STUDENT')).toBe(true);
    expect(hasScheduleOrders('GROUP_COURSE')).toBe(false);
    expect(hasScheduleOrders('ASSIST_TASK')).toBe(false);
    expect(hasScheduleOrders('BOOK_STUDENT')).toBe(false);
    expect(hasScheduleOrders(undefined)).toBe(false);
  });

  it('shows NON_FIXED as temporary and the other named types by name', () => {
    expect(describeFrequency({ frequencyType: 'NON_FIXED' })).toBe('临时');
    expect(describeFrequency({ frequencyType: 'NON_FIXED' }, 'en')).toBe('Temporary');
    expect(describeFrequency({ frequencyType: 'CONTINUOUS' }, 'en')).toBe(
      FREQUENCY_TYPES.CONTINUOUS.label.en,
    );
    expect(describeFrequency({ frequencyType: 'DISCONTINUITY' })).toBe('间断');
  });

  it('shows other items as a weekly list, Monday first', () => {
    expect(describeFrequency({ frequencyType: 'WEEKLY', frequencyConfig: '2,4,6' })).toBe('每周一、三、五');
    expect(describeFrequency({ frequencyType: 'WEEKLY', frequencyConfig: '1,2,7' }, 'en')).toBe(
      'Weekly: Mon, Sat, Sun',
    );
    expect(describeFrequency({ frequencyConfig: [3, '5'] }, 'en')).toBe('Weekly: Tue, Thu');
    expect(describeFrequency({ frequencyType: null, frequencyConfig: '' })).toBe('-');
    expect(describeFrequency({ frequencyConfig: '9' })).toBe('-');
    expect(describeFrequency(null)).toBe('-');
  });
});

describe('orders, units, time bands', () => {
  it('knows the order type codes', () => {
    expect(Object.values(ORDER_TYPES).map((o) => o.code)).toEqual([0, 1, 3, 4, 5]);
    expect(orderType(0)?.label.en).toBe('Renewal');
    expect(orderType('1')?.label.en).toBe('New enrolment');
    expect(orderType(3)?.label.en).toBe('Placement');
    expect(orderType(4)?.label.en).toBe('Clue payment');
    expect(orderType(5)?.label['zh-CN']).toBe('代收代付');
    expect(orderType(2)).toBeNull();
  });

  it('knows units, the rest constant and time bands', () => {
    expect(UNITS.LESSON_HOUR.code).toBe(1);
    expect(unit(2)?.label.en).toBe('Day');
    expect(REST_CONSTANT).toBe(6);
    expect(Object.values(TIME_BANDS).map((t) => t.code)).toEqual([1, 2, 3, 4]);
    expect(timeBand(1)?.label.en).toBe('Section A (weekday class)');
    expect(timeBand(2)?.label.en).toBe('Section B (evening class)');
    expect(timeBand(3)?.label.en).toBe('Section B (weekend class)');
    expect(timeBand(4)?.label['zh-CN']).toBe('C段（假期班）');
    expect(codeLabel(timeBand(9))).toBe('-');
    expect(codeLabel(orderType(0), 'en')).toBe('Renewal');
  });
});
