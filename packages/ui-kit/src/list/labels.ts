// The texts the list-page kit shows itself. The app passes translated ones through ListKitProvider.
import { createContext, useContext } from 'react';

export interface ListLabels {
  search: string;
  reset: string;
  create: string;
  export: string;
  import: string;
  template: string;
  actions: string;
  columns: string;
  columnsHint: string;
  selectAll: string;
  selectRow: string;
  selected: (n: number) => string;
  empty: string;
  loadFailed: string;
  retry: string;
  total: (n: number) => string;
  /** The total is the database's estimate (a huge list is not counted on every page). */
  totalAbout: (n: number) => string;
  pageSize: string;
  perPage: (n: number) => string;
  prevPage: string;
  nextPage: string;
  page: (n: number) => string;
  loading: string;
  dateFrom: string;
  dateTo: string;
  all: string;
  enabled: string;
  disabled: string;
  confirmDisable: string;
  confirmEnable: string;
  confirmTitle: string;
  exporting: (done: number, total: number) => string;
  save: string;
  cancel: string;
  close: string;
  ok: string;
  noMatch: string;
  typeToNarrow: (n: number) => string;
  dateRange: string;
  today: string;
  last7Days: string;
  last30Days: string;
  thisMonth: string;
  lastMonth: string;
  clearDates: string;
}

export const listLabelsZh: ListLabels = {
  search: '查询',
  reset: '重置',
  create: '新增',
  export: '导出',
  import: '导入',
  template: '下载模板',
  actions: '操作',
  columns: '列设置',
  columnsHint: '选择要显示的列',
  selectAll: '全选',
  selectRow: '选择此行',
  selected: (n) => `已选 ${n} 项`,
  empty: '暂无数据',
  loadFailed: '加载失败',
  retry: '重试',
  total: (n) => `共 ${n} 条`,
  totalAbout: (n) => `约 ${n.toLocaleString('en-US')} 条`,
  pageSize: '每页条数',
  perPage: (n) => `${n} 条/页`,
  prevPage: '上一页',
  nextPage: '下一页',
  page: (n) => `第 ${n} 页`,
  loading: '加载中',
  dateFrom: '开始日期',
  dateTo: '结束日期',
  all: '全部',
  enabled: '启用',
  disabled: '停用',
  confirmDisable: '确定要停用吗？',
  confirmEnable: '确定要启用吗？',
  confirmTitle: '提示',
  exporting: (d, t) => `正在导出 ${d} / ${t}`,
  save: '保存',
  cancel: '取消',
  close: '关闭',
  ok: '确定',
  noMatch: '无匹配项',
  typeToNarrow: (n) => `共 ${n} 项，请输入以缩小范围`,
  dateRange: '日期范围',
  today: '今天',
  last7Days: '近 7 天',
  last30Days: '近 30 天',
  thisMonth: '本月',
  lastMonth: '上月',
  clearDates: '清除日期',
};

export const listLabelsEn: ListLabels = {
  search: 'Search',
  reset: 'Reset',
  create: 'New',
  export: 'Export',
  import: 'Import',
  template: 'Download template',
  actions: 'Actions',
  columns: 'Columns',
  columnsHint: 'Choose the columns to show',
  selectAll: 'Select all',
  selectRow: 'Select row',
  selected: (n) => `${n} selected`,
  empty: 'No data',
  loadFailed: 'Loading failed',
  retry: 'Retry',
  total: (n) => `${n} in total`,
  totalAbout: (n) => `about ${n.toLocaleString('en-US')} in total`,
  pageSize: 'Rows per page',
  perPage: (n) => `${n} / page`,
  prevPage: 'Previous page',
  nextPage: 'Next page',
  page: (n) => `Page ${n}`,
  loading: 'Loading',
  dateFrom: 'From',
  dateTo: 'To',
  all: 'All',
  enabled: 'Enabled',
  disabled: 'Disabled',
  confirmDisable: 'Disable this record?',
  confirmEnable: 'Enable this record?',
  confirmTitle: 'Confirm',
  exporting: (d, t) => `Exporting ${d} / ${t}`,
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  ok: 'OK',
  noMatch: 'No match',
  typeToNarrow: (n) => `${n} matches: type to narrow`,
  dateRange: 'Date range',
  today: 'Today',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  clearDates: 'Clear dates',
};

export const ListLabelsContext = createContext<ListLabels>(listLabelsZh);
/** The kit's texts for the current language (zh-CN unless a ListLabelsContext provider says otherwise). */
export const useListLabels = () => useContext(ListLabelsContext);
