// Visits into school and the school-opening calendar they are planned on.
import { z } from 'zod';
import { Ok, get, post, priv, signedIn, type Slice } from '../define.js';
import { Ts, DateStr, ClueId, Text } from './fields.js';
import { DIST, work } from './access.js';
import { ClueRow } from './rows.js';

export const CalendarDay = z.object({
  dateStr: z.string(),
  typeCalendar: z.number().int(),
  isOpen: z.boolean(),
  note: z.string(),
  /** Campuses open that day (their own entries, or the day's default). */
  openSchoolCount: z.number().int(),
});

export const CalendarSchoolRow = z.object({
  dateStr: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  isOpen: z.boolean(),
  note: z.string(),
});

export const calendarEndpoints = {
  intoSchoolSave: post('/flow/intoschoolsave', {
    service: 'clue',
    summary: 'Schedule (or reschedule) the visit into school.',
    access: work,
    body: z.object({ clueId: ClueId, visitAt: Ts, note: Text(500).default('') }),
    response: ClueRow,
  }),
  clueConfirmSave: post('/clue/clueconfirmsave', {
    service: 'clue',
    summary: 'Confirm the visit happened.',
    access: work,
    body: z.object({ clueId: ClueId, visitedAt: Ts.optional(), note: Text(500).default('') }),
    response: ClueRow,
  }),
  calendarList: get('/clueCalendar/queryCalendarList', {
    service: 'clue',
    summary: 'Days of a month of the school-opening calendar (typeCalendar default 1).',
    access: signedIn,
    query: z.object({
      monthStr: z.string().regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM'),
      typeCalendar: z.coerce.number().int().default(1),
    }),
    response: z.array(CalendarDay),
  }),
  calendarSchoolList: get('/clueCalendar/queryCalendarSchoolList', {
    service: 'clue',
    summary: 'Campus entries of a month (campuses whose opening differs from the day’s default).',
    access: signedIn,
    query: z.object({
      monthStr: z.string().regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM'),
      schoolItemCode: z.string().trim().optional(),
    }),
    response: z.array(CalendarSchoolRow),
  }),
  calendarSchoolsOnDate: get('/clueCalendar/querySchoolList', {
    service: 'clue',
    summary: 'Every campus in scope with whether it is open on a date.',
    access: signedIn,
    query: z.object({ dateStr: DateStr }),
    response: z.array(CalendarSchoolRow),
  }),
  updateCalender: post('/clueCalendar/updateCalender', {
    service: 'clue',
    summary: 'Set whether a day is an opening day (for every campus by default).',
    access: priv(DIST, '/setting/clues'),
    body: z.object({
      dateStr: DateStr,
      typeCalendar: z.number().int().default(1),
      isOpen: z.boolean(),
      note: Text(200).default(''),
    }),
    response: Ok,
  }),
  updateCalenderSchool: post('/clueCalendar/updateCalenderSchool', {
    service: 'clue',
    summary: 'Set whether one campus is open on a day (overrides the day’s default).',
    access: priv(DIST, '/setting/clues'),
    body: z.object({
      dateStr: DateStr,
      schoolItemCode: z.string().trim().min(1),
      isOpen: z.boolean(),
      note: Text(200).default(''),
    }),
    response: Ok,
  }),
} satisfies Slice;
