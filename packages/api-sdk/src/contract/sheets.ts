// The spreadsheet of a kind that is both exported and imported: ONE declaration of its columns, read by
// the import template (server, UI, CLI), the list's export (server, UI, CLI) and the import itself, so an
// exported file can be edited and imported back unchanged in shape (issue 34 §3; docs/decisions.md
// "Export, edit, import back").

/**
 * How a cell reads and is written: 'text' (the default, kept as typed; codes are text so Excel keeps
 * leading zeros), 'number', 'flag' (1/0, 是/否, 有效/无效 on import; 1/0 on export), 'amount' (yuan with
 * at most 2 decimals, written as the exact text the server gives), 'list' (several names in one cell,
 * written joined by LIST_JOIN; read split at any of LIST_SEPARATORS: 、 ， , ； ; or a line break).
 */
export type SheetFormat = 'text' | 'number' | 'flag' | 'amount' | 'list';

/** What a 'list' cell is written with: 康复教师、评估师. */
export const LIST_JOIN = '、';
/** What a 'list' cell is read split at: what staff type between names (、，,；; or a line break). */
export const LIST_SEPARATORS = /[、，,；;\n]+/;

/** The names of a 'list' cell, trimmed, empty ones left out (an array is taken as it is). */
export const listCell = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map((x) => String(x)) : String(v ?? '').split(LIST_SEPARATORS))
    .map((x) => x.trim())
    .filter(Boolean);

export interface SheetColumn {
  /** The API field of the import row (and, unless `from` says otherwise, of the list row). */
  field: string;
  /** The header: Chinese / English, as files are written (either half or the field name is read too). */
  header: string;
  required?: boolean;
  format?: SheetFormat;
  /** A hint for the template's notes (`sdk-cli template --help`). */
  note?: string;
  /**
   * The list row's field the export writes in this column when it differs from `field`: a name where
   * the template takes a name (the bank account's pay type: code or name).
   */
  from?: string;
  /**
   * Exported for reading only (a name beside its code): the template lacks it, it comes after every
   * template column, and every importer ignores it.
   */
  readOnly?: boolean;
}

export interface SheetDef {
  /** The sheet's (and the file's) name: 校区, 课程. */
  name: string;
  columns: readonly SheetColumn[];
  /** The contract's list endpoint the CLI exports this kind from (`sdk-cli export <kind>`). */
  list: string;
}

const status = (field = 'validstatus'): SheetColumn => ({
  field,
  header: '状态 / status',
  format: 'flag',
  note: '1 有效 valid / 0 无效 invalid (default 1)',
});
const sort: SheetColumn = { field: 'sort', header: '排序 / sort', format: 'number' };
const remark: SheetColumn = { field: 'remark', header: '备注 / remark' };

export const SHEETS = {
  regions: {
    name: '区域',
    list: 'organisation.provinceTypeList',
    columns: [
      { field: 'code', header: '区域编码 / region code', required: true },
      { field: 'name', header: '区域名称 / region name', required: true },
      status(),
      sort,
    ],
  },
  campuses: {
    name: '校区',
    list: 'organisation.schoolItemList',
    columns: [
      { field: 'code', header: '校区编码 / campus code', required: true },
      { field: 'name', header: '校区名称 / campus name', required: true },
      { field: 'provincetypecode', header: '区域编码 / region code', required: true },
      { field: 'citycode', header: '城市编码 / city code', required: true },
      { field: 'businesstypecode', header: '业务类型编码 / business type code' },
      { field: 'address', header: '地址 / address' },
      { field: 'phone', header: '电话 / phone' },
      status(),
      sort,
      { field: 'provincetypename', header: '区域 / region', readOnly: true },
      { field: 'cityname', header: '城市 / city', readOnly: true },
      { field: 'businesstypename', header: '业务类型 / business type', readOnly: true },
    ],
  },
  cities: {
    name: '城市',
    list: 'organisation.cityList',
    columns: [
      { field: 'code', header: '城市编码 / city code', required: true },
      { field: 'name', header: '城市名称 / city name', required: true },
      { field: 'rankcode', header: '城市级别编码 / city rank code' },
      { field: 'divisioncode', header: '行政区划代码 / division code', note: 'GB/T 2260, 6 digits' },
      status(),
      sort,
      { field: 'rankname', header: '城市级别 / city rank', readOnly: true },
    ],
  },
  cityRanks: {
    name: '城市级别',
    list: 'organisation.cityRankList',
    columns: [
      { field: 'code', header: '级别编码 / rank code', required: true },
      { field: 'name', header: '级别名称 / rank name', required: true },
      status(),
      sort,
    ],
  },
  dictionaries: {
    name: '字典项',
    list: 'dictionaries.dictList',
    columns: [
      { field: 'dictType', header: '字典类型 / dictionary type', required: true },
      { field: 'code', header: '编码 / code', required: true },
      { field: 'name', header: '名称 / name', required: true },
      remark,
      status('status'),
      sort,
    ],
  },
  courseCategories: {
    name: '课程类别',
    list: 'courses.categories',
    columns: [
      { field: 'code', header: '类别编码 / category code', required: true },
      { field: 'name', header: '类别名称 / category name', required: true },
      remark,
      status(),
      sort,
    ],
  },
  courseRanks: {
    name: '课程级别',
    list: 'courses.ranks',
    columns: [
      { field: 'code', header: '级别编码 / rank code', required: true },
      { field: 'name', header: '级别名称 / rank name', required: true },
      { field: 'coursecategorycode', header: '课程类别编码 / course category code', required: true },
      { field: 'level', header: '等级 / level', format: 'number', note: '1 lowest' },
      status(),
      sort,
      { field: 'coursecategoryname', header: '课程类别 / course category', readOnly: true },
    ],
  },
  courses: {
    name: '课程',
    list: 'courses.coursesPage',
    columns: [
      { field: 'code', header: '课程编码 / course code', required: true },
      { field: 'name', header: '课程名称 / course name', required: true },
      { field: 'coursecategorycode', header: '课程类别编码 / course category code', required: true },
      { field: 'courserankcode', header: '课程级别编码 / course rank code', required: true },
      { field: 'teachingMode', header: '授课方式 / teaching mode', format: 'number', note: '1–4, default 2' },
      { field: 'buyTypeId', header: '购买类型ID / buy type id', format: 'number' },
      {
        field: 'purchaseUnit',
        header: '购买单位 / purchase unit',
        format: 'number',
        note: '1 lesson hour, 2 day',
      },
      {
        field: 'price',
        header: '价格 / price',
        required: true,
        format: 'amount',
        note: 'yuan, ≤ 2 decimals',
      },
      { field: 'lessonMinutes', header: '课时分钟 / lesson minutes', format: 'number' },
      remark,
      status(),
      sort,
      { field: 'coursecategoryname', header: '课程类别 / course category', readOnly: true },
      { field: 'courserankname', header: '课程级别 / course rank', readOnly: true },
      { field: 'buyTypeName', header: '购买类型 / buy type', readOnly: true },
    ],
  },
  bankAccounts: {
    name: '银行账户',
    list: 'finance.bankAccountList',
    columns: [
      { field: 'accountNo', header: '银行账号 / account number', required: true, note: '8–30 digits' },
      { field: 'accountName', header: '户名 / account name', required: true },
      { field: 'bankName', header: '开户银行 / bank', required: true },
      { field: 'branchName', header: '开户支行 / branch' },
      { field: 'schoolItemCode', header: '校区编码 / campus code', required: true },
      // The template takes the pay type's code or its name: the export writes the name.
      {
        field: 'payTypeCode',
        header: '支付方式编码 / pay type code',
        required: true,
        from: 'payTypeName',
        note: 'pay type code or name',
      },
      remark,
      { field: 'schoolItemName', header: '校区 / campus', readOnly: true },
    ],
  },
  // The people kinds are created, never updated, by their imports: a phone already held is reported
  // as a duplicate and left out, so an exported file imports back as duplicates, not as changes.
  clues: {
    name: '线索',
    list: 'clues.list',
    columns: [
      { field: 'childName', header: '孩子姓名 / child name', required: true },
      { field: 'gender', header: '性别 / gender', note: '0 unknown, 1 男, 2 女 (or 男/女)' },
      { field: 'birthDate', header: '出生日期 / birth date', note: 'YYYY-MM-DD' },
      { field: 'parentName', header: '家长姓名 / parent name', required: true },
      { field: 'phone', header: '手机号 / phone', required: true },
      { field: 'relation', header: '关系 / relation' },
      { field: 'schoolItemCode', header: '校区编码 / campus code' },
      { field: 'channel', header: '渠道编码 / channel code' },
      { field: 'intention', header: '意向 / intention code' },
      { field: 'note', header: '备注 / note' },
      { field: 'cluecode', header: '线索编号 / clue code', readOnly: true },
      { field: 'schoolItemName', header: '校区 / campus', readOnly: true },
      { field: 'flowStateName', header: '线索状态 / clue state', readOnly: true },
      { field: 'ownerName', header: '负责人 / owner', readOnly: true },
    ],
  },
  students: {
    name: '学员档案',
    list: 'students.students',
    columns: [
      { field: 'name', header: '学员姓名 / student name', required: true },
      { field: 'gender', header: '性别 / gender', note: '男/女 or 1/2' },
      { field: 'birthDate', header: '出生日期 / birth date', note: 'YYYY-MM-DD' },
      { field: 'parentName', header: '家长姓名 / parent name', required: true },
      { field: 'relation', header: '关系 / relation' },
      { field: 'phone', header: '手机号 / phone', required: true },
      { field: 'schoolItemCode', header: '校区编码 / campus code', required: true },
      { field: 'diagnosis', header: '诊断 / diagnosis' },
      { field: 'insurance', header: '康复补贴 / rehab subsidy', format: 'flag', note: '是/否 or 1/0' },
      {
        field: 'adviserUsername',
        header: '学管账号 / adviser username',
        note: 'the adviser’s username; works at the campus',
      },
      { field: 'remark', header: '备注 / remark' },
      { field: 'code', header: '学员编号 / student code', readOnly: true },
      { field: 'schoolItemName', header: '校区 / campus', readOnly: true },
      { field: 'adviserName', header: '学管 / adviser', readOnly: true },
    ],
  },
  resources: {
    name: '电销资源',
    list: 'resources.queryResourceList',
    columns: [
      { field: 'name', header: '联系人姓名 / contact name', required: true },
      { field: 'phone', header: '手机号 / phone', required: true },
      { field: 'childName', header: '孩子姓名 / child name' },
      { field: 'gender', header: '性别 / gender', note: '0 unknown, 1 男, 2 女 (or 男/女)' },
      { field: 'birthDate', header: '出生日期 / birth date', note: 'YYYY-MM-DD' },
      { field: 'provinceTypeCode', header: '区域编码 / region code' },
      { field: 'schoolItemCode', header: '校区编码 / campus code' },
      { field: 'channel', header: '渠道编码 / channel code' },
      { field: 'level', header: '等级 / level', note: 'A, B, C or D' },
      { field: 'note', header: '备注 / note' },
      { field: 'rescode', header: '资源编号 / resource code', readOnly: true },
      { field: 'schoolItemName', header: '校区 / campus', readOnly: true },
      { field: 'statusName', header: '资源状态 / resource status', readOnly: true },
      { field: 'ownerName', header: '负责人 / owner', readOnly: true },
    ],
  },
  // Employees: references by name (a code is read too), the lists of campuses and subjects as names
  // in one cell (LIST_JOIN on export; 、，,；; on import). An existing employee is matched by 工号;
  // docs/decisions.md "Employees on SHEETS".
  employees: {
    name: '员工',
    list: 'employees.employees',
    columns: [
      { field: 'code', header: '工号 / employee code', required: true },
      { field: 'name', header: '姓名 / name', required: true },
      { field: 'mobile', header: '手机号 / mobile' },
      { field: 'gender', header: '性别 / gender', note: '1 男, 2 女 (or 男/女; default 1)' },
      {
        field: 'schoolItemCode',
        header: '所属校区 / campus',
        required: true,
        from: 'schoolItemName',
        note: 'campus name or code: the data scope',
      },
      {
        field: 'schoolItemCodes',
        header: '工作校区 / campuses',
        format: 'list',
        from: 'schoolItemNames',
        note: 'campus names separated by 、 or ，(the primary campus is always one)',
      },
      {
        field: 'postCode',
        header: '岗位 / post',
        required: true,
        from: 'postName',
        note: 'post name or code',
      },
      {
        field: 'employeeTypeCode',
        header: '员工类型 / employee type',
        from: 'employeeTypeName',
        note: 'type name or code',
      },
      {
        field: 'skillRankCode',
        header: '职级 / skill rank',
        from: 'skillRankName',
        note: 'rank name or code',
      },
      {
        field: 'subjectIds',
        header: '科目 / subjects',
        format: 'list',
        from: 'subjectNames',
        note: 'subject names separated by 、 or ，',
      },
      { field: 'entryDate', header: '入职日期 / entry date', note: 'YYYY-MM-DD' },
      {
        field: 'status',
        header: '状态 / status',
        format: 'flag',
        note: '1 在职 employed / 0 离职 left (or 在职/离职; default 1)',
      },
      remark,
      { field: 'username', header: '账号 / account', readOnly: true },
    ],
  },
  // Legacy orders (sdk-cli import orders): the order list exports into it. The order's own number goes
  // in 原订单号, so an exported order imported back is that order and is skipped; the list carries no
  // course line, so its course columns come out blank (docs/decisions.md "Orders on SHEETS").
  orders: {
    name: '历史订单',
    list: 'orders.orderList',
    columns: [
      {
        field: 'legacyCode',
        header: '原订单号 / legacy order number',
        required: true,
        from: 'code',
        note: 'the legacy system’s number (an exported order: its own number, skipped on import)',
      },
      { field: 'studentCode', header: '学员编号 / student code', note: 'or 学员姓名 + 手机号' },
      { field: 'studentName', header: '学员姓名 / student name' },
      { field: 'phone', header: '手机号 / phone' },
      { field: 'schoolItemCode', header: '校区编码 / campus code', required: true },
      {
        field: 'orderType',
        header: '订单类型 / order type',
        format: 'number',
        note: '0 续费 (default), 1 新签, 3 插班, 5 代收代付',
      },
      { field: 'courseCode', header: '课程编码 / course code', required: true },
      {
        field: 'quantity',
        header: '购买数量 / quantity',
        required: true,
        format: 'number',
        note: 'hours or days, ≤ 2 decimals',
      },
      { field: 'giftQuantity', header: '赠送数量 / gift quantity', format: 'number' },
      {
        field: 'amount',
        header: '订单金额 / amount',
        required: true,
        format: 'amount',
        from: 'payable',
        note: 'payable yuan ≤ list price; the difference is the discount',
      },
      {
        field: 'paidAmount',
        header: '已付金额 / paid amount',
        format: 'amount',
        from: 'paid',
        note: 'default 0; equal to 订单金额 → effective',
      },
      { field: 'payMethod', header: '付款方式 / pay method', note: '1 现金, 2 银行转账, 3 POS, 4 线上' },
      { field: 'paidAt', header: '付款日期 / paid on', note: 'YYYY-MM-DD' },
      { field: 'reference', header: '流水号 / reference' },
      remark,
      { field: 'statusName', header: '订单状态 / order state', readOnly: true },
      { field: 'schoolItemName', header: '校区 / campus', readOnly: true },
    ],
  },
} as const satisfies Record<string, SheetDef>;

export type SheetKind = keyof typeof SHEETS;

/** The columns of the import template (every column but the read-only ones), in order. */
export const templateColumns = (s: SheetDef): SheetColumn[] => s.columns.filter((c) => !c.readOnly);

/** The columns of the export: the template's, in its order, then the read-only ones. */
export const exportColumns = (s: SheetDef): SheetColumn[] => [
  ...templateColumns(s),
  ...s.columns.filter((c) => c.readOnly),
];

/** The names a header cell is read by: the whole text, either half, without a required mark. */
export const headerNames = (header: string): string[] =>
  [
    ...new Set(
      [header, ...header.split(' / ')].map((x) =>
        x
          .trim()
          .replace(/[*＊]$/, '')
          .trim(),
      ),
    ),
  ].filter(Boolean);

/** The column a header cell names (by header, either half, or field), or undefined. */
export const columnOfHeader = (s: SheetDef, cell: string): SheetColumn | undefined => {
  const names = headerNames(cell);
  return (
    s.columns.find((c) => names.includes(c.field)) ??
    s.columns.find((c) => headerNames(c.header).some((n) => names.includes(n)))
  );
};

/** The value the export writes for a list row in a column (flags as 1/0, amounts as their exact text). */
export const exportValue = (c: SheetColumn, row: Record<string, unknown>): unknown => {
  const v = row[c.from ?? c.field];
  if (v === null || v === undefined || v === '') return null;
  if (c.format === 'flag') return v === true || v === 1 || v === '1' ? 1 : 0;
  if (c.format === 'amount') return String(v);
  if (c.format === 'list') return Array.isArray(v) ? (v.length ? v.join(LIST_JOIN) : null) : v;
  return v;
};
