// The route table of spec §2: one list that the router, the menu, the tabs, the titles and the
// server's privilege seed all read. The privilege code of a screen is its path.

export type Locale = 'zh-CN' | 'en';
export interface Title {
  'zh-CN': string;
  en: string;
}

export interface RouteDef {
  /** react-router path; `:id` where the spec shows `{id}`. This is also the screen's privilege code. */
  path: string;
  /** Menu group key (see MENU_GROUPS), null for public routes and /home. */
  group: string | null;
  title: Title;
  /** Listed in the left menu (detail / edit / add screens are not). */
  menu: boolean;
  /** Kept mounted while its tab is open (false for NO_CACHE_ROUTE_NAMES). */
  cache: boolean;
  /** Route name of spec §2 where the spec refers to one (dynamic titles, caching). */
  name?: string;
  /** Needs no login. */
  public?: boolean;
}

export interface MenuGroup {
  key: string;
  title: Title;
  /** Icon name understood by the ui-kit icon set. */
  icon: string;
  sort: number;
  /** Where `/<group>` redirects (spec §2 "default ..."); null when the spec names none. */
  defaultPath: string | null;
}

/** Route names kept out of page caching (spec §2 "Dynamic page titles"). createTarget and editClue name
 * screens the spec does not list under a path; they are kept for screens that may declare them. */
export const NO_CACHE_ROUTE_NAMES: readonly string[] = [
  'createPay',
  'studentDetail',
  'createTarget',
  'transfer',
  'orderDetails',
  'editClue',
  'workSurface',
  'assessmentInner',
];

export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    key: 'workSurface',
    title: { 'zh-CN': '工作台', en: 'Workbench' },
    icon: 'workbench',
    sort: 10,
    defaultPath: '/workSurface/index',
  },
  {
    key: 'clues',
    title: { 'zh-CN': '线索管理', en: 'Clues' },
    icon: 'target',
    sort: 20,
    defaultPath: '/clues/clueList',
  },
  {
    key: 'students',
    title: { 'zh-CN': '学员管理', en: 'Students' },
    icon: 'users',
    sort: 30,
    defaultPath: '/students/createStudent',
  },
  {
    key: 'education',
    title: { 'zh-CN': '教务管理', en: 'Teaching' },
    icon: 'calendar',
    sort: 40,
    defaultPath: '/education/courseAdjustment',
  },
  {
    key: 'financial',
    title: { 'zh-CN': '财务管理', en: 'Finance' },
    icon: 'wallet',
    sort: 50,
    defaultPath: '/financial/payApproval',
  },
  {
    key: 'dataStatistics',
    title: { 'zh-CN': '数据统计', en: 'Statistics' },
    icon: 'chart',
    sort: 60,
    defaultPath: '/dataStatistics/index',
  },
  {
    key: 'staff',
    title: { 'zh-CN': '员工管理', en: 'Staff' },
    icon: 'idcard',
    sort: 70,
    defaultPath: '/staff/list',
  },
  {
    key: 'staffsalary',
    title: { 'zh-CN': '薪酬管理', en: 'Payroll' },
    icon: 'coins',
    sort: 80,
    defaultPath: '/staffsalary/frontline',
  },
  {
    key: 'discount',
    title: { 'zh-CN': '优惠管理', en: 'Discounts' },
    icon: 'tag',
    sort: 90,
    defaultPath: '/discount/discountManage',
  },
  {
    key: 'newDiscount',
    title: { 'zh-CN': '新优惠管理', en: 'Promotions' },
    icon: 'gift',
    sort: 100,
    defaultPath: '/newDiscount/discountList',
  },
  {
    key: 'product',
    title: { 'zh-CN': '产品管理', en: 'Products' },
    icon: 'box',
    sort: 110,
    defaultPath: '/product/productList',
  },
  {
    key: 'settlement',
    title: { 'zh-CN': '结算管理', en: 'Settlement' },
    icon: 'calculator',
    sort: 120,
    defaultPath: '/settlement/financeClassHour',
  },
  {
    key: 'operation',
    title: { 'zh-CN': '运营管理', en: 'Operations' },
    icon: 'message',
    sort: 130,
    defaultPath: '/operation/feedback',
  },
  {
    key: 'dataRecovery',
    title: { 'zh-CN': '数据恢复', en: 'Data recovery' },
    icon: 'database',
    sort: 140,
    defaultPath: '/dataRecovery/orderRecovery',
  },
  {
    key: 'setting',
    title: { 'zh-CN': '系统设置', en: 'Settings' },
    icon: 'settings',
    sort: 150,
    defaultPath: '/setting/systemUsers',
  },
];

interface Opts {
  menu?: boolean;
  name?: string;
}

function group(key: string, rows: ReadonlyArray<readonly [string, string, string, Opts?]>): RouteDef[] {
  return rows.map(([seg, zh, en, o]) => {
    const name = o?.name ?? seg.split('/')[0] ?? seg;
    return {
      path: `/${key}/${seg}`,
      group: key,
      title: { 'zh-CN': zh, en },
      menu: o?.menu ?? true,
      cache: !NO_CACHE_ROUTE_NAMES.includes(name),
      name,
    };
  });
}

const hidden: Opts = { menu: false };

const PUBLIC: RouteDef[] = [
  {
    path: '/auth',
    group: null,
    title: { 'zh-CN': '授权登录', en: 'Authorising' },
    menu: false,
    cache: false,
    name: 'auth',
    public: true,
  },
  {
    path: '/login',
    group: null,
    title: { 'zh-CN': '登录', en: 'Sign in' },
    menu: false,
    cache: false,
    name: 'login',
    public: true,
  },
  {
    path: '/modifyPwd',
    group: null,
    title: { 'zh-CN': '修改密码', en: 'Change password' },
    menu: false,
    cache: false,
    name: 'modifyPwd',
    public: true,
  },
  {
    path: '/noauth',
    group: null,
    title: { 'zh-CN': '无权访问', en: 'No access' },
    menu: false,
    cache: false,
    name: 'noauth',
    public: true,
  },
  {
    path: '/err',
    group: null,
    title: { 'zh-CN': '出错了', en: 'Error' },
    menu: false,
    cache: false,
    name: 'err',
    public: true,
  },
];

export const ROUTES: readonly RouteDef[] = [
  ...PUBLIC,
  {
    path: '/home',
    group: null,
    title: { 'zh-CN': '首页', en: 'Home' },
    menu: false,
    cache: true,
    name: 'home',
  },
  ...group('workSurface', [['index', '工作台', 'Workbench', { name: 'workSurface' }]]),
  ...group('dataStatistics', [
    ['index', '数据概览', 'Overview'],
    ['centerData', '中心数据', 'Centre data'],
    ['incomeGM', '收入看板', 'Income dashboard'],
    ['revenueGM', '营收看板', 'Revenue dashboard'],
    ['effectiveness', '人效分析', 'Effectiveness'],
    ['class', '课时统计', 'Class statistics'],
    ['courseRate', '课程占比', 'Course rate'],
    ['studentsGM', '学员看板', 'Students dashboard'],
    ['caseConsumption', '个案消耗', 'Case consumption'],
    ['orderPeriod', '订单周期', 'Order period'],
    ['grossProfit', '毛利分析', 'Gross profit'],
    ['operationEffect', '运营效果', 'Operation effect'],
    ['personal', '个人数据', 'Personal data'],
    ['arrivalRate', '到课率', 'Arrival rate'],
    ['usedClassRate', '课时使用率', 'Used class rate'],
    ['saturationRate', '饱和度', 'Saturation rate'],
  ]),
  ...group('students', [
    ['createStudent', '新建学员', 'New student'],
    ['list', '学员档案', 'Case files'],
    ['order', '添加订单', 'Add order', hidden],
    ['payInstallment', '分期订单', 'Instalment order', hidden],
    ['editStudent', '编辑学员', 'Edit student', hidden],
    ['studentDetail', '学员详情', 'Student details', hidden],
    ['studentManagersOperate', '学管操作', 'Student manager operations'],
    ['followUp', '学员跟进', 'Follow-up'],
    ['createPay', '新建缴费', 'New payment', hidden],
    ['editPay', '编辑缴费', 'Edit payment', hidden],
    ['payDetail', '订单列表', 'Orders'],
    ['returnPremium', '退费列表', 'Refunds'],
    ['renewal', '待续费', 'To renew'],
    ['caselife', '个案生命周期', 'Case life'],
    ['transfer', '转课', 'Transfer course', hidden],
    ['degreeManagement', '学位管理', 'Degree management'],
    ['askLeave', '请假申请', 'Leave requests'],
    ['askRepair', '补课申请', 'Make-up requests'],
    ['refundApply', '退费申请', 'Refund application'],
    ['reconciliationOrder', '对账订单', 'Reconciliation orders'],
  ]),
  ...group('education', [
    ['courseAdjustment', '一对一排课', 'One-to-one scheduling'],
    ['teamCourse', '集体课排课', 'Group scheduling'],
    ['timeManage', '时段管理', 'Time spans'],
    ['classroomManage', '教室管理', 'Classrooms'],
    ['eventsManage', '节假日管理', 'Events'],
    ['educationOperate', '教务操作', 'Teaching operations'],
    ['adminAssessment', '评估管理', 'Assessments'],
    ['adminAssessmentNew', '评估管理（新）', 'Assessments (new)'],
    ['assessTask', '评估任务', 'Assessment tasks'],
    ['classConfirm', '课时确认', 'Class confirmation'],
    ['appointmentClass', '预约课程', 'Appointments'],
    ['classTable', '课表', 'Timetable'],
    ['dataExport', '数据导出', 'Data export'],
  ]),
  ...group('financial', [
    ['payApproval', '缴费审批', 'Payment approval'],
    ['refundApproval', '退费审批', 'Refund approval'],
    ['adjustApproval', '调整审批', 'Adjustment approval'],
    ['restApproval', '休学审批', 'Suspension approval'],
    ['approvalRepayment', '还款审批', 'Repayment approval'],
    ['approvalRepaymentDetail/:id', '还款审批详情', 'Repayment approval details', hidden],
    ['installmentDetails/:id', '分期详情', 'Instalment details', hidden],
    ['approvalAskLeave', '请假审批', 'Leave approval'],
    ['approvalAskRepair', '补课审批', 'Make-up approval'],
    ['transferSchool', '转校审批', 'School transfers'],
    ['recoveredAgree', '恢复协议', 'Recovered agreements'],
    ['supplementAgree', '补充协议', 'Supplementary agreements'],
    ['amountSupplement', '金额补录', 'Amount supplement'],
    ['studentClass', '学员课时', 'Student class hours'],
    ['studentClassOperate', '学员课时操作', 'Class hour operations'],
    ['studentCost', '学员费用', 'Student costs'],
    ['teacherClass', '教师课时', 'Teacher class hours'],
    ['account', '对账单', 'Account statements'],
    ['classConfirm', '课时确认', 'Class confirmation'],
    ['dataExport', '数据导出', 'Data export'],
    ['discountRate', '折扣率', 'Discount rate'],
    ['emergency', '紧急处理', 'Emergency'],
    ['caselife', '个案生命周期', 'Case life'],
    ['orderDetails', '订单详情', 'Order details', hidden],
    ['funderReceivable', '资助方应收', 'Funder receivables'],
    ['validityDate', '有效期管理', 'Validity dates'],
    ['invoice', '发票管理', 'Invoices'],
  ]),
  ...group('staff', [
    ['list', '员工列表', 'Staff'],
    ['payStatistics', '薪资统计', 'Pay statistics'],
  ]),
  ...group('staffsalary', [
    ['frontline', '一线教师薪酬', 'Front-line teachers'],
    ['trainingManagement', '培训管理', 'Training'],
    ['emergency', '紧急处理', 'Emergency'],
    ['execsupervision', '督导薪酬', 'Supervisors'],
    ['expert', '专家薪酬', 'Experts'],
    ['consult', '顾问薪酬', 'Consultants'],
    ['growth', '成长顾问薪酬', 'Growth consultants'],
    ['center', '中心负责人薪酬', 'Centre leaders'],
    ['courseimport', '课时导入', 'Class-hour import'],
    ['courseexport', '课时导出', 'Class-hour export'],
    ['manage', '薪酬申请', 'Salary applications'],
    ['kjbonus', '课酬奖金', 'Class bonus'],
    ['snapshot', '薪酬快照', 'Snapshots'],
    ['snapshotDetail', '快照详情', 'Snapshot details', hidden],
    ['dataSealing', '数据封存', 'Data sealing'],
  ]),
  ...group('setting', [
    ['systemUsers', '系统用户', 'System users'],
    ['roleAuthorization', '角色权限', 'Roles and privileges'],
    ['campus', '校区管理', 'Campuses'],
    ['employees', '员工设置', 'Employee settings'],
    ['course', '课程设置', 'Courses'],
    ['salary', '薪酬设置', 'Salary settings'],
    ['finance', '财务设置', 'Finance settings'],
    ['operate', '运营设置', 'Operation settings'],
    ['operateManager', '运营管理员', 'Operation managers'],
    ['clues', '线索设置', 'Clue settings'],
    ['dayOfreset', '休息日设置', 'Rest days'],
    ['revenueCost', '营收成本', 'Revenue and cost'],
    ['courseAuthorization', '课程授权', 'Course authorisation'],
  ]),
  ...group('clues', [
    ['clueList', '线索列表', 'Clues'],
    ['disCluelist', '线索分配', 'Clue distribution'],
    ['schoolClues', '校区线索', 'Campus clues'],
    ['cluePublic', '公海线索', 'High-sea pool'],
    ['clueResources', '资源列表', 'Resources'],
    ['resourceDetail', '资源详情', 'Resource details', hidden],
    ['clueDetail', '线索详情', 'Clue details', hidden],
    ['invalidClue', '无效线索审批', 'Invalid clue approval'],
    ['primaryScreen', '初筛', 'Primary screening'],
    ['baiduClue', '百度线索', 'Baidu clues'],
    ['admissionAssessment', '入学评估', 'Admission assessment'],
    ['assessmentInner', '评估详情', 'Assessment', hidden],
    ['recommendStatic', '转介绍统计', 'Referral statistics'],
    ['qualityControl', '质检', 'Quality control'],
    ['h5activity', 'H5活动', 'H5 campaigns'],
    ['analyseClue', '线索分析', 'Clue analysis'],
    ['channelSign', '渠道标记', 'Channel signs'],
    ['taskCenter', '任务中心', 'Task centre'],
    ['speechScreening', '言语筛查', 'Speech screening'],
    ['assessScale', '评估量表', 'Assessment scales'],
  ]),
  ...group('operation', [['feedback', '意见反馈', 'Feedback']]),
  ...group('discount', [
    ['discountManage', '折扣管理', 'Discounts'],
    ['addDiscount', '新增折扣', 'Add discount', { menu: false, name: 'AddDiscount' }],
    ['discountDetail', '折扣详情', 'Discount details', { menu: false, name: 'DiscountDetail' }],
    ['giveLessonManage', '赠课管理', 'Gift lessons'],
    ['addGiveLesson', '新增赠课', 'Add gift lesson', hidden],
    ['giveDetail', '赠课详情', 'Gift lesson details', hidden],
    ['preferManage', '优惠券管理', 'Vouchers'],
    ['addPrefer', '新增优惠券', 'Add voucher', hidden],
    ['preferDetail', '优惠券详情', 'Voucher details', hidden],
    ['activityManage', '活动管理', 'Activities'],
    ['addActivity', '新增活动', 'Add activity', hidden],
    ['activityDetail', '活动详情', 'Activity details', hidden],
  ]),
  ...group('newDiscount', [
    ['discountList', '折扣列表', 'Discounts'],
    ['addDiscount', '新增折扣', 'Add discount', hidden],
    ['discountDetail', '折扣详情', 'Discount details', hidden],
    ['giveList', '赠课列表', 'Gift lessons'],
    ['addGive', '新增赠课', 'Add gift lesson', hidden],
    ['giveDetail', '赠课详情', 'Gift lesson details', hidden],
    ['preferList', '代金券列表', 'Vouchers'],
    ['addPrefer', '新增代金券', 'Add voucher', hidden],
    ['preferDetail', '代金券详情', 'Voucher details', hidden],
    ['activityList', '活动列表', 'Activities'],
    ['addActivity', '新增活动', 'Add activity', hidden],
    ['activityDetail', '活动详情', 'Activity details', hidden],
    ['installment', '分期方案', 'Instalment plans'],
    ['addInstallment', '新增分期方案', 'Add instalment plan', hidden],
    ['detailInstallment', '分期方案详情', 'Instalment plan details', hidden],
  ]),
  ...group('product', [
    ['productList', '产品列表', 'Products'],
    ['productSaleCenter', '产品销售中心', 'Product sales centre'],
    ['health', '健康产品', 'Health products'],
    ['compositeDiscountRate', '综合折扣率', 'Composite discount rate'],
  ]),
  ...group('settlement', [
    ['financeClassHour', '财务课时', 'Finance class hours'],
    ['attendanceClassHour', '考勤课时', 'Attendance class hours'],
    ['projectClassHour', '项目课时', 'Project class hours'],
    ['evaluateInventory', '评估盘点', 'Assessment inventory'],
    ['checkInventory', '盘点复核', 'Inventory check'],
  ]),
  ...group('dataRecovery', [['orderRecovery', '订单恢复', 'Order recovery']]),
];

/** Redirects of spec §2: `/`, `/statistics` and each group root to its default screen. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/home',
  '/statistics': '/home',
  ...Object.fromEntries(
    MENU_GROUPS.filter((g) => g.defaultPath).map((g) => [`/${g.key}`, g.defaultPath as string]),
  ),
};

function toRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const matchers = ROUTES.map((r) => [toRegExp(r.path), r] as const);

/** The route definition matching a concrete pathname (params resolved), or undefined. */
export function routeByPath(pathname: string): RouteDef | undefined {
  const exact = ROUTES.find((r) => r.path === pathname);
  if (exact) return exact;
  return matchers.find(([re]) => re.test(pathname))?.[1];
}

export function menuGroup(key: string): MenuGroup | undefined {
  return MENU_GROUPS.find((g) => g.key === key);
}

/** Privilege codes for the seed: every non-public route path. */
export const PRIVILEGE_CODES: readonly string[] = ROUTES.filter((r) => !r.public).map((r) => r.path);

/**
 * Screens that an action privilege also opens, in a narrower form the screen itself decides: the
 * student detail opens for the teaching plan's privileges (teachers and academic staff see the
 * case file read-only with its 个训计划 tab; docs/decisions.md "Who opens a student's plan"). The
 * endpoints keep their own access: this only lets the guard through.
 */
export const SCREEN_DOORS: Readonly<Record<string, readonly string[]>> = {
  '/students/studentDetail': ['plans.edit', 'plans.record'],
};
