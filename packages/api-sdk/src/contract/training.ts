// Training management (issue 17, /staffsalary/trainingManagement): a campus's trainings (subject,
// day, hours, trainer) and who attended. The hours an employee attended in a salary period are an
// input of the teacher pay rule (rate of pay type `training`, docs/payroll.md).
import { z } from 'zod';
import { quantity } from './fields.js';
import { Ok, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Id = z.coerce.number().int().min(1).max(2147483647);
const Version = z.coerce.number().int().min(1).max(2147483647);
const IsoDate = z
  .string()
  .trim()
  .regex(/^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD');
const Code = z.string().trim().min(1).max(30);

export const TrainingAttendee = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string().nullable(),
  /** Whether the employee signed in (attended); false = absent. */
  attended: z.boolean(),
  signedAt: z.string().nullable(),
});
export type TTrainingAttendee = z.infer<typeof TrainingAttendee>;

export const TrainingRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  subject: z.string(),
  trainingDate: z.string(),
  hours: z.number(),
  trainer: z.string(),
  remark: z.string(),
  /** Employees invited, and of them those who attended. */
  attendeeCount: z.number().int(),
  attendedCount: z.number().int(),
  /** The attendees' codes (the form's picker). */
  attendeeCodes: z.array(z.string()),
  version: z.number().int(),
});
export type TTrainingRow = z.infer<typeof TrainingRow>;

export const TrainingDetail = TrainingRow.extend({ attendees: z.array(TrainingAttendee) });
export type TTrainingDetail = z.infer<typeof TrainingDetail>;

export const TrainingInput = z.object({
  id: Id.optional(),
  version: Version.optional(),
  schoolItemCode: z.string().trim().min(1, '请选择校区 / the campus is required').max(20),
  subject: z
    .string()
    .trim()
    .min(1, '请填写培训主题 / the subject is required')
    .max(100, '培训主题最多100字 / the subject is at most 100 characters'),
  trainingDate: IsoDate,
  hours: quantity({ positive: true, max: 24, what: ['培训时长', 'hours'] }),
  trainer: z
    .string()
    .trim()
    .min(1, '请填写培训讲师 / the trainer is required')
    .max(50, '讲师最多50字 / the trainer is at most 50 characters'),
  remark: z.string().trim().max(500).default(''),
  /** The employees invited; a code left out is removed with its sign-in. */
  attendeeCodes: z.array(Code).max(500).default([]),
});
export type TTrainingInput = z.input<typeof TrainingInput>;

export const TrainingQuery = PageQuery.extend({
  schoolItemCode: z.string().trim().max(20).optional(),
  subject: z.string().trim().max(100).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});

export const TrainingSignInput = z.object({
  id: Id,
  version: Version,
  /** The attendees who attended; every other attendee is absent. */
  attendedCodes: z.array(Code).max(500),
});
export type TTrainingSignInput = z.input<typeof TrainingSignInput>;

const SCREEN = priv('/staffsalary/trainingManagement');
const S = 'ehr' as const;

export const training = {
  list: get('/train/list', {
    service: S,
    summary:
      "Trainings, newest first, filtered (campus, subject, day range) and paged; limited to the caller's campuses.",
    access: SCREEN,
    query: TrainingQuery,
    response: page(TrainingRow),
  }),
  save: post('/train/save', {
    service: S,
    summary:
      'Creates a training (no id) or updates one (id + version) with its attendees; an attendee left out is removed. Refused in a sealed period.',
    access: SCREEN,
    body: TrainingInput,
    response: TrainingRow,
  }),
  detail: get('/train/detail/{id}', {
    service: S,
    summary: 'A training with its attendees and who attended.',
    access: SCREEN,
    params: z.object({ id: Id }),
    response: TrainingDetail,
  }),
  sign: post('/train/sign', {
    service: S,
    summary:
      'Records who attended (the rest are absent); the attended hours feed the teacher pay rule of the period. Refused in a sealed period.',
    access: SCREEN,
    body: TrainingSignInput,
    response: TrainingDetail,
  }),
  remove: post('/train/delete', {
    service: S,
    summary: 'Deletes a training and its attendance (id + version). Refused in a sealed period.',
    access: SCREEN,
    body: z.object({ id: Id, version: Version }),
    response: Ok,
  }),
} satisfies Slice;
