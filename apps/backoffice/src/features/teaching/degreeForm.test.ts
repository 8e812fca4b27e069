import { describe, expect, it } from 'vitest';
import { DegreeItemForm, saveBody, updateBody } from './degreeForm';

const base = {
  teacherCode: 'E0005',
  timespanStart: '19:00',
  timespanEnd: '20:00',
  shiftType: 2,
  timeType: 1,
  degreeType: 'FORMAL_STUDENT',
  targetId: 12,
  courseCode: 'C001',
  frequencyType: 'WEEKLY',
  weekdays: [4, 2, 4],
  days: '',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  recordAttendance: true,
  hours: 1,
};

describe('the seat item form', () => {
  it('sends weekly codes sorted once and discontinuous days as a list', () => {
    const weekly = DegreeItemForm.parse(base);
    expect(saveBody(weekly, 'SH01').frequencyConfig).toEqual(['2', '4']);
    const days = DegreeItemForm.parse({
      ...base,
      frequencyType: 'DISCONTINUITY',
      days: '2026-12-02, 2026-12-09，2026-12-16',
    });
    expect(saveBody(days, 'SH01').frequencyConfig).toEqual(['2026-12-02', '2026-12-09', '2026-12-16']);
    const temporary = DegreeItemForm.parse({ ...base, frequencyType: 'NON_FIXED' });
    expect(
      updateBody(temporary, {
        id: 3,
        version: 2,
        degreeId: 1,
        degreeType: 'FORMAL_STUDENT',
        frequencyType: 'WEEKLY',
        frequencyConfig: '2',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        recordAttendance: true,
        targetConfig: { id: 12, value: '小明', earliestDate: '2026-12-01' },
        courseCode: 'C001',
        courseName: 'C',
        classroomId: null,
        hours: 1,
        comingLessons: 4,
      }),
    ).toMatchObject({ id: 3, version: 2, frequencyType: 'NON_FIXED', frequencyConfig: [] });
  });

  it('asks for weekdays, days and the schedule order where the type needs them', () => {
    const issues = (v: Record<string, unknown>) =>
      DegreeItemForm.safeParse({ ...base, ...v }).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ weekdays: [] })).toEqual(['weekdays']);
    expect(issues({ frequencyType: 'DISCONTINUITY' })).toEqual(['days']);
    expect(issues({ courseCode: '' })).toEqual(['courseCode']);
    expect(issues({ degreeType: 'GROUP_COURSE', courseCode: '' })).toEqual([]);
  });
});
