// Roles of spec §6 (meanings are ours: docs/decisions.md) and the demo accounts.
import { MENU_GROUPS, ROUTES } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import type { DbOrTx } from '../../db/client.js';
import { must } from '../../shared/must.js';
import { hashPassword } from '../../shared/password.js';
import { privileges, rolePrivileges, roles, userCampuses, userRegions, userRoles, users } from './tables.js';

/**
 * Role codes: 76, 72, 58, 34, 15, 5 are the spec's task-badge roles; the rest are ours. Descriptions
 * are shown as they are, so they are written in the UI's language of the demo (Chinese) and say what
 * the role does, never how the system knows it (no endpoints, no codes).
 */
export const ROLE_SEED = [
  {
    code: 1,
    name: '超级管理员',
    description: '拥有全部权限，可管理所有区域和校区。',
    isAdmin: true,
    allScope: true,
  },
  {
    code: 76,
    name: '区域总监',
    description: '负责所辖区域：审批区域内的转校、放弃和无效线索。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 72,
    name: '中心主任',
    description: '负责一个或多个校区的运营，审批校区内的申请。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 58,
    name: '销售主管',
    description: '分配线索，跟进销售团队的工作。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 34,
    name: '课程顾问',
    description: '跟进线索，促成报名签约。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 15,
    name: '成长顾问',
    description: '服务在读学员家庭，负责续费。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 5,
    name: '电销专员',
    description: '处理资源库和电话线索。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 20,
    name: '财务',
    description: '管理全部校区的订单、收款、退费和财务基础数据。',
    isAdmin: false,
    allScope: true,
  },
  {
    code: 30,
    name: '人力资源',
    description: '管理全部校区的员工、岗位、职级和薪酬周期。',
    isAdmin: false,
    allScope: true,
  },
  {
    code: 40,
    name: '教师',
    description: '查看自己的课表和学员。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 50,
    name: '教务',
    description: '负责排课、教室安排和课程授权。',
    isAdmin: false,
    allScope: false,
  },
  {
    code: 60,
    name: '居家干预',
    description: '上门为家庭提供居家干预服务。',
    isAdmin: false,
    allScope: false,
  },
];

/** Clue screens a front-line consultant works in. */
const CLUE_DESK = [
  '/clues/clueList',
  '/clues/clueDetail',
  '/clues/resourceDetail',
  '/clues/taskCenter',
  '/clues/admissionAssessment',
  '/clues/assessmentInner',
];
/** Read-mostly teaching screens for managers. */
const EDUCATION_VIEWS = [
  '/education/courseAdjustment',
  '/education/teamCourse',
  '/education/classTable',
  '/education/adminAssessment',
  '/education/adminAssessmentNew',
  '/education/assessTask',
  '/education/classConfirm',
  '/education/appointmentClass',
];
/** The case-file screens a consultant works in (issue 13). */
const CASE_FILES = [
  '/students/createStudent',
  '/students/list',
  '/students/editStudent',
  '/students/studentDetail',
  '/students/followUp',
  '/students/renewal',
  '/students/caselife',
];
const STUDENT_ORDERS = [
  '/students/order',
  '/students/payInstallment',
  '/students/createPay',
  '/students/editPay',
  '/students/payDetail',
  '/students/returnPremium',
  '/students/refundApply',
  '/students/reconciliationOrder',
  '/students/studentDetail',
  '/students/transfer',
];
/** What a consultant does with money: place orders, record payments, follow orders and refunds (the order
 * details page is a hidden finance route, so the finance menu stays away). */
const CONSULTANT_ORDERS = [
  '/students/order',
  '/students/payInstallment',
  '/students/createPay',
  '/students/editPay',
  '/students/payDetail',
  '/students/returnPremium',
  '/students/refundApply',
  '/financial/orderDetails',
];
/** Managers read orders and take the first step of refund approvals (docs/decisions.md "Money core"). */
const MANAGER_MONEY = ['/financial/orderDetails', '/financial/refundApproval'];
/** Campus heads and finance read a period's payroll overview and pay statistics (their campuses). */
const PAYROLL_VIEWS = ['/staffsalary/manage', '/staff/payStatistics'];
/** Campus heads take the first step of the student-service approvals (issue 14, docs/decisions.md). */
const SERVICE_APPROVALS = [
  '/financial/restApproval',
  '/financial/approvalAskLeave',
  '/financial/approvalAskRepair',
  '/financial/transferSchool',
  '/financial/emergency',
  '/financial/recoveredAgree',
  '/financial/supplementAgree',
  '/financial/amountSupplement',
  '/financial/validityDate',
  // Campus heads record families' invoice requests; finance issues them (invoices.issue).
  '/financial/invoice',
  // The first step of an instalment application (termBillApply: campus head → finance).
  '/financial/approvalRepayment',
  '/financial/approvalRepaymentDetail/:id',
  '/financial/installmentDetails/:id',
];
/** Campus heads take the first step of the payroll approvals (class hours; issue 17) and apply for
 * their campuses' salaries (the application is the campus's step of schoolSalaryApply). */
const PAYROLL_APPROVALS = ['/financial/classConfirm', 'salary.apply'];

/**
 * Action privileges (not screens) that endpoints name in their access rule, with the menu group
 * they show under in the privilege tree. The clue actions are those of contract/clues/access.ts.
 */
export const ACTION_PRIVILEGES = [
  {
    code: 'clues.approve',
    name: '线索审批',
    nameEn: 'Approve clue transfers, abandons and invalid clues',
    groupCode: 'clues',
  },
  { code: 'clues.distribute', name: '线索分配', nameEn: 'Distribute clues', groupCode: 'clues' },
  { code: 'clues.import', name: '线索导入', nameEn: 'Import clues', groupCode: 'clues' },
  { code: 'clues.merge', name: '线索合并', nameEn: 'Merge duplicate clues', groupCode: 'clues' },
  { code: 'students.delete', name: '删除学员', nameEn: 'Delete case files', groupCode: 'students' },
  { code: 'students.import', name: '导入学员', nameEn: 'Import case files', groupCode: 'students' },
  { code: 'payroll.compute', name: '计算薪酬', nameEn: 'Compute a salary period', groupCode: 'staffsalary' },
  {
    code: 'invoices.issue',
    name: '开具发票',
    nameEn: 'Issue invoices and configure invoice contents',
    groupCode: 'financial',
  },
  {
    code: 'clues.admin',
    name: '线索流程维护',
    nameEn: 'Correct clue flow states (super administrator)',
    groupCode: 'clues',
  },
  {
    code: 'salary.apply',
    name: '校区薪资申请',
    nameEn: 'Apply for a campus’s salaries of a period',
    groupCode: 'staffsalary',
  },
  // The teaching plan (docs/decisions.md "Teaching plan"): editing a student's plan, recording progress.
  {
    code: 'plans.edit',
    name: '编辑个训计划',
    nameEn: "Edit students' individual plans",
    groupCode: 'students',
  },
  {
    code: 'plans.record',
    name: '记录训练进度',
    nameEn: 'Record training progress on individual plans',
    groupCode: 'students',
  },
  {
    code: 'sealing.reopen',
    name: '重开已封账月份',
    nameEn: 'Reopen a sealed month, with a reason (finance)',
    groupCode: 'staffsalary',
  },
];

/**
 * Which screens each role holds: route paths, or '/group/*' for every screen of a group, or '*'.
 * Action codes are named exactly. Every role gets /home. Meanings of the codes: docs/decisions.md "System and sign-in".
 */
export const ROLE_GRANTS: Readonly<Record<number, readonly string[]>> = {
  1: ['*'],
  76: [
    '/home',
    '/workSurface/*',
    '/clues/*',
    'clues.approve',
    'clues.distribute',
    'clues.merge',
    '/students/*',
    'students.delete',
    'students.import',
    ...MANAGER_MONEY,
    ...SERVICE_APPROVALS,
    ...PAYROLL_APPROVALS,
    ...EDUCATION_VIEWS,
    '/dataStatistics/*',
    ...PAYROLL_VIEWS,
  ],
  72: [
    '/home',
    '/workSurface/*',
    '/clues/*',
    'clues.approve',
    'clues.distribute',
    '/students/*',
    'students.delete',
    ...MANAGER_MONEY,
    ...SERVICE_APPROVALS,
    ...PAYROLL_APPROVALS,
    ...EDUCATION_VIEWS,
    '/education/educationOperate',
    'plans.edit',
    'plans.record',
    '/dataStatistics/*',
    ...PAYROLL_VIEWS,
  ],
  58: [
    '/home',
    '/workSurface/*',
    '/clues/*',
    'clues.distribute',
    'clues.import',
    'clues.merge',
    '/dataStatistics/personal',
  ],
  34: [
    '/home',
    '/workSurface/*',
    ...CLUE_DESK,
    '/clues/schoolClues',
    '/clues/cluePublic',
    '/clues/clueResources',
    '/clues/speechScreening',
    '/clues/assessScale',
    '/clues/recommendStatic',
    ...CASE_FILES,
    // Consultants open orders and record what the family paid for their campuses (issue 13).
    ...CONSULTANT_ORDERS,
    // and request leave and make-up lessons for their students (issue 14).
    '/students/askLeave',
    '/students/askRepair',
    // Their own hours, saturation and money received (docs/metrics.md "Personal").
    '/dataStatistics/personal',
  ],
  15: [
    '/home',
    '/workSurface/*',
    ...CLUE_DESK,
    '/clues/cluePublic',
    '/clues/recommendStatic',
    '/students/list',
    '/students/renewal',
    '/students/followUp',
    ...CONSULTANT_ORDERS,
    '/dataStatistics/personal',
  ],
  5: [
    '/home',
    '/workSurface/*',
    ...CLUE_DESK,
    '/clues/clueResources',
    '/clues/baiduClue',
    '/clues/h5activity',
    '/clues/primaryScreen',
    'clues.import',
  ],
  20: [
    '/home',
    '/financial/*',
    // Closing a month is finance's too (HR seals for payroll); only finance reopens one (issue 33).
    '/staffsalary/dataSealing',
    'sealing.reopen',
    'invoices.issue',
    // Instalment plan templates are finance's (docs/decisions.md "Instalments").
    '/newDiscount/installment',
    '/newDiscount/addInstallment',
    '/newDiscount/detailInstallment',
    '/settlement/evaluateInventory',
    '/settlement/checkInventory',
    // Class-hour settlement against the ledger is finance's month-end work (docs/metrics.md "Settlement").
    '/settlement/financeClassHour',
    '/settlement/attendanceClassHour',
    '/settlement/projectClassHour',
    // The discount rates given, beside the allowed rates finance keeps on /financial/discountRate.
    '/product/compositeDiscountRate',
    '/setting/finance',
    ...STUDENT_ORDERS,
    '/students/list',
    '/students/caselife',
    // The money dashboards (advance receipts, income, revenue) are finance's own figures.
    '/dataStatistics/index',
    '/dataStatistics/incomeGM',
    '/dataStatistics/revenueGM',
    // Profit sets revenue against the costs finance imports and the payroll it pays.
    '/dataStatistics/grossProfit',
    '/dataStatistics/operationEffect',
    ...PAYROLL_VIEWS,
    '/staffsalary/courseexport',
  ],
  30: ['/home', '/staff/*', '/staffsalary/*', '/setting/employees', '/setting/salary', 'payroll.compute'],
  40: [
    '/home',
    '/education/classTable',
    '/education/classConfirm',
    '/education/appointmentClass',
    '/education/assessTask',
    '/dataStatistics/personal',
    'plans.record',
  ],
  // Academic affairs keep the seats (degrees) their timetables are built on.
  50: [
    '/home',
    '/education/*',
    '/students/degreeManagement',
    '/setting/courseAuthorization',
    '/setting/course',
    'plans.edit',
    'plans.record',
  ],
  60: [
    '/home',
    '/education/classTable',
    '/education/assessTask',
    '/students/list',
    '/students/studentDetail',
    'plans.record',
  ],
};

/** Privilege rows of the reference seed: one group per menu group, one privilege per screen of the route table. */
export function privilegeSeed() {
  const groupRows = MENU_GROUPS.map((g) => ({
    code: `/${g.key}`,
    name: g.title['zh-CN'],
    nameEn: g.title.en,
    groupCode: g.key,
    type: 'group',
    navigateUrl: g.defaultPath,
    cssName: g.icon,
    sort: g.sort,
  }));
  const screenRows = ROUTES.filter((r) => !r.public).map((r, i) => ({
    code: r.path,
    name: r.title['zh-CN'],
    nameEn: r.title.en,
    groupCode: r.group,
    type: r.menu && r.group ? 'menu' : 'page',
    navigateUrl: r.path,
    cssName: null,
    sort: i,
  }));
  const actionRows = ACTION_PRIVILEGES.map((a, i) => ({
    ...a,
    type: 'action',
    navigateUrl: null,
    cssName: null,
    sort: screenRows.length + i,
  }));
  return [...groupRows, ...screenRows, ...actionRows];
}

/** Expands a role's grant patterns over the privilege codes (groups held when any of their screens is). */
export function expandGrants(patterns: readonly string[], rows: ReturnType<typeof privilegeSeed>): string[] {
  const screens = rows.filter((r) => r.type !== 'group');
  const held = new Set(
    screens
      .filter((r) =>
        patterns.some(
          (p) => p === '*' || p === r.code || (p.endsWith('/*') && r.code.startsWith(p.slice(0, -1))),
        ),
      )
      .map((r) => r.code),
  );
  for (const g of rows.filter((r) => r.type === 'group'))
    if (screens.some((s) => s.groupCode === g.groupCode && held.has(s.code))) held.add(g.code);
  return [...held].sort();
}

export async function seedPrivileges({ db }: SeedContext) {
  const rows = privilegeSeed();
  await db.insert(privileges).values(rows);
  for (const [code, patterns] of Object.entries(ROLE_GRANTS)) {
    const held = expandGrants(patterns, rows);
    if (held.length)
      await db
        .insert(rolePrivileges)
        .values(held.map((privilegeCode) => ({ roleCode: Number(code), privilegeCode })));
  }
}

/**
 * Adds the privileges a newer release declares (new routes or actions) to an existing database,
 * granting each new one to the roles the grant table names; privileges and grants an administrator
 * already has are left as they are. Runs at every start; returns the codes added.
 */
export async function syncPrivileges(db: DbOrTx): Promise<string[]> {
  const rows = privilegeSeed();
  const added = await db
    .insert(privileges)
    .values(rows)
    .onConflictDoNothing()
    .returning({ code: privileges.code });
  if (!added.length) return [];
  const fresh = rows.filter((r) => added.some((a) => a.code === r.code));
  for (const [code, patterns] of Object.entries(ROLE_GRANTS)) {
    const held = expandGrants(patterns, fresh);
    if (held.length)
      await db
        .insert(rolePrivileges)
        .values(held.map((privilegeCode) => ({ roleCode: Number(code), privilegeCode })))
        .onConflictDoNothing();
  }
  return added.map((a) => a.code);
}

export const DEMO_PASSWORD = 'demo123456';
/** Demo accounts: username, name, roles, regions, campuses. */
export const DEMO_USERS = [
  {
    username: 'admin',
    name: '系统管理员',
    roles: [1],
    regions: [] as string[],
    campuses: [] as string[],
    employeeCode: null,
  },
  {
    username: 'director',
    name: '王建国',
    roles: [76],
    regions: ['HD'],
    campuses: ['SH01', 'SH02', 'HZ01', 'NJ01'],
    employeeCode: 'E0002',
  },
  {
    username: 'sales',
    name: '李晓燕',
    roles: [34],
    regions: ['HD'],
    campuses: ['SH01'],
    employeeCode: 'E0003',
  },
  { username: 'finance', name: '张丽华', roles: [20], regions: [], campuses: [], employeeCode: 'E0004' },
  // A second finance user: a refund above ¥5,000 needs finance and then a finance manager, two
  // people (the approval engine's one person, one step).
  { username: 'fmanager', name: '周敏', roles: [20], regions: [], campuses: [], employeeCode: null },
  {
    username: 'teacher',
    name: '陈思远',
    roles: [40],
    regions: ['HD'],
    campuses: ['SH01'],
    employeeCode: 'E0005',
  },
  { username: 'hr', name: '刘芳', roles: [30], regions: [], campuses: [], employeeCode: 'E0006' },
  // Academic affairs (教务): the timetable, seats and course authorisation of one campus.
  {
    username: 'scheduler',
    name: '吴静',
    roles: [50],
    regions: ['HD'],
    campuses: ['SH01'],
    employeeCode: null,
  },
];

export async function seedRoles({ db }: SeedContext) {
  await db.insert(roles).values(ROLE_SEED);
}

export async function seedDemoUsers({ db, passwordCost }: SeedContext) {
  const hash = await hashPassword(DEMO_PASSWORD, passwordCost);
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({ username: u.username, name: u.name, passwordHash: hash, employeeCode: u.employeeCode })
      .returning({ id: users.id });
    const id = must(row, 'new user').id;
    await db.insert(userRoles).values(u.roles.map((roleCode) => ({ userId: id, roleCode })));
    if (u.regions.length)
      await db
        .insert(userRegions)
        .values(u.regions.map((provinceTypeCode) => ({ userId: id, provinceTypeCode })));
    if (u.campuses.length)
      await db
        .insert(userCampuses)
        .values(u.campuses.map((schoolItemCode) => ({ userId: id, schoolItemCode })));
  }
}

/** A production database gets one administrator with the given password and no demo data. */
export async function seedFirstAdmin({ db, passwordCost }: SeedContext, password: string) {
  const [row] = await db
    .insert(users)
    .values({
      username: 'admin',
      name: '系统管理员',
      passwordHash: await hashPassword(password, passwordCost),
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: must(row, 'admin').id, roleCode: 1 });
}

/**
 * SH01's centre leader 赵明辉 (employee E0001): an account holding the centre-leader role at SH01, so
 * the approval flows whose first step is the campus head (leave, make-up, suspension, transfers,
 * refunds) name a centre leader besides the regional director. Its username carries digits (an
 * account code, like the employees' own), and it signs in with the demo password like the others.
 */
export const CENTRE_LEADER = {
  username: 'leader01',
  name: '赵明辉',
  roles: [72],
  regions: ['HD'],
  campuses: ['SH01'],
  employeeCode: 'E0001',
};

export async function seedCentreLeaderDemo({ db, passwordCost }: SeedContext) {
  const u = CENTRE_LEADER;
  const [row] = await db
    .insert(users)
    .values({
      username: u.username,
      name: u.name,
      passwordHash: await hashPassword(DEMO_PASSWORD, passwordCost),
      employeeCode: u.employeeCode,
    })
    .returning({ id: users.id });
  const id = must(row, 'centre leader').id;
  await db.insert(userRoles).values(u.roles.map((roleCode) => ({ userId: id, roleCode })));
  await db
    .insert(userRegions)
    .values(u.regions.map((provinceTypeCode) => ({ userId: id, provinceTypeCode })));
  await db.insert(userCampuses).values(u.campuses.map((schoolItemCode) => ({ userId: id, schoolItemCode })));
}
