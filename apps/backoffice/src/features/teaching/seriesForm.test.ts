import { describe, expect, it } from 'vitest';
import { OneToOneForm, SeriesForm, seriesBody } from './seriesForm';

const base = {
  pick: '12|C001',
  teacherCode: 'E0005',
  fromDate: '2026-11-23',
  toDate: '2026-12-06',
  weekdays: [2, 4],
  startTime: '09:00',
  endTime: '10:00',
  hours: 1,
};

describe('the weekly-series form', () => {
  it('turns a student’s course and a period into a series of /plan/insert', () => {
    const v = OneToOneForm.parse(base);
    expect(seriesBody(v, 'SH01', { kind: 'oneToOne' })).toMatchObject({
      schoolItemCode: 'SH01',
      courseCode: 'C001',
      studentIds: [12],
      kind: 'oneToOne',
      lessonDate: undefined,
      series: { fromDate: '2026-11-23', toDate: '2026-12-06', weekdays: [2, 4] },
      classroomId: null,
    });
  });

  it('books one lesson when the period is a single day, and a class by its course and members', () => {
    const v = SeriesForm.parse({ ...base, pick: '', toDate: '2026-11-23', classroomId: 3 });
    expect(seriesBody(v, 'SH01', { kind: 'group', classId: 7, courseCode: 'C013' })).toMatchObject({
      courseCode: 'C013',
      classId: 7,
      studentIds: [],
      lessonDate: '2026-11-23',
      series: undefined,
      classroomId: 3,
    });
  });

  it('refuses a missing student, an end before the start and no weekday, naming the field', () => {
    const r = OneToOneForm.safeParse({
      ...base,
      pick: '',
      toDate: '2026-11-01',
      weekdays: [],
      endTime: '08:00',
    });
    expect(r.success).toBe(false);
    const paths = (r.error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['weekdays']));
    // Refinements run once the fields themselves are valid.
    const later = OneToOneForm.safeParse({ ...base, pick: '', toDate: '2026-11-01', endTime: '08:00' });
    expect((later.error?.issues ?? []).map((i) => i.path.join('.')).sort()).toEqual([
      'endTime',
      'pick',
      'toDate',
    ]);
  });
});
