import { describe, expect, it } from 'vitest';
import { LessonForm, lessonBody } from './seriesForm';

const base = {
  kind: 'oneToOne',
  studentId: 12,
  courseCode: 'C001',
  teacherCode: 'E0005',
  fromDate: '2026-11-23',
  toDate: '2026-12-06',
  weekdays: [2, 4],
  startTime: '09:00',
  endTime: '10:00',
  hours: 1,
};

const paths = (v: unknown) =>
  (LessonForm.safeParse(v).error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('the scheduling form', () => {
  it('turns a student’s course and a period into a series of /plan/insert', () => {
    const v = LessonForm.parse(base);
    expect(lessonBody(v, 'SH01')).toMatchObject({
      schoolItemCode: 'SH01',
      courseCode: 'C001',
      studentIds: [12],
      kind: 'oneToOne',
      classId: undefined,
      lessonDate: undefined,
      series: { fromDate: '2026-11-23', toDate: '2026-12-06', weekdays: [2, 4] },
      classroomId: null,
    });
  });

  it('books one lesson when the period is a single day, and a class by its course and members', () => {
    const v = LessonForm.parse({
      ...base,
      kind: 'group',
      studentId: undefined,
      classId: 7,
      courseCode: 'C013',
      toDate: '2026-11-23',
      weekdays: [],
      classroomId: 3,
    });
    expect(lessonBody(v, 'SH01')).toMatchObject({
      courseCode: 'C013',
      classId: 7,
      studentIds: [],
      lessonDate: '2026-11-23',
      series: undefined,
      classroomId: 3,
    });
  });

  it('names each missing or wrong field the form shows', () => {
    expect(
      paths({ ...base, studentId: undefined, courseCode: '', toDate: '2026-11-01', endTime: '08:00' }),
    ).toEqual(['courseCode', 'endTime', 'studentId', 'toDate']);
    expect(paths({ ...base, weekdays: [] })).toEqual(['weekdays']);
    expect(paths({ ...base, kind: 'group', studentId: undefined, teacherCode: '' })).toEqual([
      'classId',
      'teacherCode',
    ]);
    // Every message is bilingual (the form shows the UI's half), never a validator's own text.
    const r = LessonForm.safeParse({ ...base, courseCode: '', teacherCode: '' });
    for (const i of r.error?.issues ?? []) expect(i.message).toMatch(/^[^/]*[\u4e00-\u9fff][^/]* \/ /);
  });
});
