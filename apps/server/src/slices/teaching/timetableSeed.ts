// Demo timetable settings (deterministic): every demo campus's opening hours as time spans of the
// §9 bands and its training rooms, so /education/timeManage and /education/classroomManage open on real
// content, the scheduling dialogs offer rooms, and the saturation figures have open hours to measure
// booked hours against (docs/metrics.md "Saturation").
import type { SeedContext } from '../../seed/context.js';
import { DEMO_CAMPUSES } from '../organisation/index.js';
import { classrooms, timeSpans } from './tables.js';

/** A campus's opening hours: [name, §9 band type, start, end]. Weekdays 9½ hours, weekend days 6½. */
export const DEMO_TIME_SPANS: ReadonlyArray<readonly [string, number, string, string]> = [
  ['工作日上午', 1, '08:30', '12:00'],
  ['工作日下午', 1, '13:30', '17:30'],
  ['工作日晚间', 2, '18:00', '20:00'],
  ['周末上午', 3, '09:00', '12:00'],
  ['周末下午', 3, '13:30', '17:00'],
];

/** A campus's rooms: [name, capacity]. */
export const DEMO_CLASSROOMS: ReadonlyArray<readonly [string, number]> = [
  ['个训室 1', 1],
  ['个训室 2', 1],
  ['个训室 3', 1],
  ['感统训练室', 4],
  ['集体课教室', 8],
];

export async function seedTimetableDemo({ db }: SeedContext) {
  await db.insert(timeSpans).values(
    DEMO_CAMPUSES.flatMap((c) =>
      DEMO_TIME_SPANS.map(([name, bandType, startTime, endTime], i) => ({
        schoolItemCode: c.code,
        name,
        bandType,
        startTime,
        endTime,
        sort: i + 1,
      })),
    ),
  );
  await db
    .insert(classrooms)
    .values(
      DEMO_CAMPUSES.flatMap((c) =>
        DEMO_CLASSROOMS.map(([name, capacity]) => ({ schoolItemCode: c.code, name, capacity })),
      ),
    );
}
