// Dashboards of the staff (issue 18): saturation — the hours teachers and classrooms are booked
// against the hours they are available — with its nightly snapshots, the efficiency of the three
// groups jt, kfs and gw, and the employee statistics. Every figure is defined in docs/metrics.md
// ("Saturation", "Efficiency", "Employees"); hours are clock hours with 2 decimals, rates percent.
import { z } from 'zod';
import { PageQuery, get, page, post, priv, type Slice } from './define.js';
import { FigurePeriod as Period, figureTable, FilterShape, periodChecked } from './dashboards.js';

const KeyName = { key: z.string(), name: z.string() };
const Day = FilterShape.endDate.unwrap();

export const StaffFilter = periodChecked(z.object(FilterShape));
export type TStaffFilter = z.input<typeof StaffFilter>;
/** The filter and, for the skill-level rates, one subject (none: every subject). */
export const SubjectFilter = periodChecked(
  z.object({ ...FilterShape, subjectId: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
);
export type TSubjectFilter = z.input<typeof SubjectFilter>;

/** Booked against available clock hours; `rate` = booked ÷ available × 100 (0 without available hours). */
export const Load = z.object({
  availableHours: z.number(),
  bookedHours: z.number(),
  rate: z.number(),
});
/** One teacher, room, campus, region, subject or skill level with its load. */
const Loads = figureTable(Load, {
  ...KeyName,
  /** The campus of a teacher or room ('' for a campus, region, subject or level row). */
  schoolItemName: z.string(),
  /** Live lessons booked. */
  lessons: z.number().int(),
});
export const LoadRow = Loads.row;
export type TLoadRow = z.infer<typeof LoadRow>;
export const LoadRows = z.object({ period: Period, rows: z.array(LoadRow) });
export const LoadTable = Loads.table;

export const SaturationSummary = z.object({
  period: Period,
  /** Teachers (employed, post role teacher) of the scope's campuses. */
  teachers: z.number().int(),
  teacher: Load,
  /** Classrooms in use (valid) of the scope's campuses. */
  rooms: z.number().int(),
  room: Load,
  /** Live lessons of the period taught by those teachers. */
  lessons: z.number().int(),
});

/** A campus's teachers and rooms (the director's board). */
export const CampusLoadTable = figureTable(
  z.object({ teachers: z.number().int(), teacher: Load, rooms: z.number().int(), room: Load }),
  KeyName,
).table;

/** Rooms (or teachers) counted by the band their rate falls in: low < 50 ≤ normal < 80 ≤ high < 100 ≤ full. */
export const SaturationBands = z.object({
  period: Period,
  rows: z.array(
    z.object({ key: z.enum(['low', 'normal', 'high', 'full']), name: z.string(), count: z.number().int() }),
  ),
});

export const SubjectList = z.object({
  rows: z.array(z.object({ id: z.number().int(), name: z.string(), teachers: z.number().int() })),
});

/** A rate per month: teachers' and rooms' saturation, booked and available hours. */
export const SaturationTrend = z.object({
  months: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), name: z.string(), values: z.array(z.number()) })),
});

/** The snapshot of one campus on one day: the campus row (`teacherCode` '') and each teacher's. */
export const SaturationSnapshotRow = z.object({
  day: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  teacherCode: z.string(),
  teacherName: z.string(),
  teachers: z.number().int(),
  teacher: Load,
  rooms: z.number().int(),
  room: Load,
  takenAt: z.string(),
});
export const SnapshotQuery = z.object({
  day: Day.optional(),
  provinceTypeCode: FilterShape.provinceTypeCode,
  schoolItemCode: FilterShape.schoolItemCode,
});
export const SnapshotDay = z.object({ day: z.string(), rows: z.array(SaturationSnapshotRow) });
export const SnapshotListQuery = periodChecked(PageQuery.extend(FilterShape));
export const SnapshotRun = z.object({
  /** The day to record (default yesterday, Asia/Shanghai); today and later are refused. */
  day: Day.optional(),
});
export const SnapshotRunResult = z.object({
  day: z.string(),
  /** Rows written now; 0 when the day was recorded already. */
  recorded: z.number().int(),
});

/** The three efficiency groups (spec §3 "jt, kfs, gw"; docs/metrics.md "Efficiency"). */
export const EFFICIENCY_GROUPS = ['jt', 'kfs', 'gw'] as const;
export const EfficiencyGroup = z.enum(EFFICIENCY_GROUPS);
export type TEfficiencyGroup = z.infer<typeof EfficiencyGroup>;
export const EfficiencyFilter = periodChecked(
  z.object({ ...FilterShape, group: EfficiencyGroup.optional() }),
);
export type TEfficiencyFilter = z.input<typeof EfficiencyFilter>;
/** A group's output and heads: `cents` and `hours` per head are the efficiency. */
export const EfficiencyFigures = z.object({
  headcount: z.number().int(),
  /** jt: revenue; gw: money received; kfs: revenue of the lessons they taught. */
  cents: z.number().int(),
  /** jt and kfs: hours consumed; gw: orders paid. */
  quantity: z.number(),
  perHeadCents: z.number().int(),
  perHeadQuantity: z.number(),
});
export const EfficiencySummary = z.object({
  period: Period,
  groups: z.array(EfficiencyFigures.extend({ group: EfficiencyGroup, name: z.string() })),
});
export const EfficiencyCampusRows = figureTable(EfficiencyFigures, KeyName).table.extend({
  group: EfficiencyGroup,
});
export const EfficiencyHistory = z.object({
  group: EfficiencyGroup,
  months: z.array(z.string()),
  perHeadCents: z.array(z.number().int()),
  perHeadQuantity: z.array(z.number()),
  headcount: z.array(z.number().int()),
});

/** Employees of a breakdown: heads at the period's end, hires in it, hours taught. */
export const EmployeeFigures = z.object({
  headcount: z.number().int(),
  newHires: z.number().int(),
  teachers: z.number().int(),
  /** Clock hours of the live lessons they teach in the period. */
  taughtHours: z.number(),
  /** Hours their lessons consumed (signed attendance). */
  consumedHours: z.number(),
});
const Employees = figureTable(EmployeeFigures, KeyName);
export const EmployeeSummary = Employees.summary;
export const EmployeeTable = Employees.table;

/** A period only: a person's own figures know no campus filter. */
export const PersonalFilter = periodChecked(
  z.object({ startDate: FilterShape.startDate, endDate: FilterShape.endDate }),
);
export type TPersonalFilter = z.input<typeof PersonalFilter>;

/** The signed-in employee's own figures (/dataStatistics/personal). */
export const PersonalFigures = z.object({
  period: Period,
  employeeCode: z.string(),
  employeeName: z.string(),
  schoolItemName: z.string(),
  postName: z.string(),
  lessons: z.number().int(),
  load: Load,
  consumedHours: z.number(),
  revenueCents: z.number().int(),
  /** As the adviser of orders: money received and orders paid in the period. */
  receivedCents: z.number().int(),
  paidOrders: z.number().int(),
  months: z.array(
    z.object({ month: z.string(), bookedHours: z.number(), consumedHours: z.number(), rate: z.number() }),
  ),
});

const svc = 'report' as const;
const SATURATION = priv('/dataStatistics/saturationRate');
const EFFICIENCY = priv('/dataStatistics/effectiveness');
const EMPLOYEES = priv('/dataStatistics/effectiveness', '/dataStatistics/saturationRate');
const SNAPSHOTS = priv('/dataStatistics/saturationRate');

const load = <R extends z.ZodType>(path: string, summary: string, response: R) =>
  get(path, { service: svc, summary, access: SATURATION, query: StaffFilter, response });
const employees = (path: string, summary: string) =>
  post(path, { service: svc, summary, access: EMPLOYEES, body: StaffFilter, response: EmployeeTable });

export const staffFigures = {
  saturationSummary: load(
    '/saturation/summary',
    'Saturation of the period: teachers’ and classrooms’ booked against available hours, with the heads and lessons.',
    SaturationSummary,
  ),
  saturationTopTeachers: load(
    '/saturation/topTenTeachers',
    'The ten teachers with the highest saturation of the period.',
    LoadRows,
  ),
  saturationTopRooms: load(
    '/saturation/topTenClassRooms',
    'The ten classrooms with the highest saturation of the period.',
    LoadRows,
  ),
  saturationRooms: load(
    '/saturation/roomSummary',
    'Every classroom of the scope with its saturation, highest first, and the total.',
    LoadTable,
  ),
  saturationAreaTeachers: load(
    '/saturation/areaTeacherSummary',
    'Teachers’ saturation per region (province type), and the total.',
    LoadTable,
  ),
  saturationAreaRooms: load(
    '/saturation/areaRoomSummary',
    'Classrooms’ saturation per region (province type), and the total.',
    LoadTable,
  ),
  saturationSubjects: load(
    '/saturation/getSubjects',
    'The subjects taught by the scope’s teachers, with how many teach each.',
    SubjectList,
  ),
  saturationLevelsBySubject: get('/saturation/getLevelRatesBySubject', {
    service: svc,
    summary: 'Teachers’ saturation per skill level, of the teachers of one subject (or of all).',
    access: SATURATION,
    query: SubjectFilter,
    response: LoadTable,
  }),
  saturationRoomBands: load(
    '/saturation/getClassRoomLevelRates',
    'Classrooms counted by the band of their saturation (low, normal, high, full).',
    SaturationBands,
  ),
  saturationManagerBoard: load(
    '/saturation/managerBoard',
    'The centre leader’s board: every teacher of the scope with their saturation and lessons, and the total.',
    LoadTable,
  ),
  saturationDirectorBoard: load(
    '/saturation/directorBoard',
    'The director’s board: every campus of the scope with its teachers’ and rooms’ saturation, and the total.',
    CampusLoadTable,
  ),
  saturationMonthlyTrend: load(
    '/saturation/monthlyTrend',
    'Teachers’ and classrooms’ saturation in each month of the period.',
    SaturationTrend,
  ),
  saturationSnapshot: get('/saturation/getNightlySnapshot', {
    service: svc,
    summary:
      'The nightly snapshot of a day (default yesterday): per campus of the scope its saturation, and each teacher’s.',
    access: SNAPSHOTS,
    query: SnapshotQuery,
    response: SnapshotDay,
  }),
  snapshotList: get('/nightlySnapshot/list', {
    service: svc,
    summary: 'The campus rows of the nightly snapshots of the period, latest day first; paged.',
    access: SNAPSHOTS,
    query: SnapshotListQuery,
    response: page(SaturationSnapshotRow),
  }),
  snapshotDetail: get('/nightlySnapshot/detail', {
    service: svc,
    summary: 'One day’s snapshot of the scope: the campus rows and the teacher rows.',
    access: SNAPSHOTS,
    query: SnapshotQuery,
    response: SnapshotDay,
  }),
  snapshotRun: post('/nightlySnapshot/run', {
    service: svc,
    summary:
      'Records a past day’s snapshot now (what the nightly job does); a day recorded already stays as it was.',
    access: SNAPSHOTS,
    body: SnapshotRun,
    response: SnapshotRunResult,
  }),
  efficiencySummary: post('/efficiency/summary', {
    service: svc,
    summary: 'Efficiency of the period of the three groups: jt (all staff), kfs (therapists), gw (advisers).',
    access: EFFICIENCY,
    body: EfficiencyFilter,
    response: EfficiencySummary,
  }),
  efficiencyCampuses: post('/efficiency/listSchool', {
    service: svc,
    summary: 'One group’s efficiency per campus (default jt), and the total.',
    access: EFFICIENCY,
    body: EfficiencyFilter,
    response: EfficiencyCampusRows,
  }),
  efficiencyHistory: post('/efficiency/history', {
    service: svc,
    summary: 'One group’s efficiency in each month of the period (default jt).',
    access: EFFICIENCY,
    body: EfficiencyFilter,
    response: EfficiencyHistory,
  }),
  employeeSummary: post('/employee/summary', {
    service: svc,
    summary:
      'Employees of the scope: heads at the period’s end, hires in it, teachers, hours taught and consumed.',
    access: EMPLOYEES,
    body: StaffFilter,
    response: EmployeeSummary,
  }),
  employeeCampuses: employees('/employee/school', 'The employee figures per campus (primary campus).'),
  employeeRoles: employees('/employee/role', 'The employee figures per post.'),
  employeeSubjects: employees(
    '/employee/subject',
    'The employee figures per subject taught (a teacher of two subjects counts in both).',
  ),
  employeeLevels: employees('/employee/level', 'The employee figures per skill rank.'),
  employeeSkills: employees('/employee/skill', 'The employee figures per skill rank type.'),
  personal: post('/employee/personal', {
    service: svc,
    summary:
      'The signed-in employee’s own figures of the period: lessons, saturation, hours consumed, revenue, money received as adviser.',
    access: priv('/dataStatistics/personal'),
    body: PersonalFilter,
    response: PersonalFigures,
  }),
} satisfies Slice;
