// The clue lifecycle: pools, follow-up, transfer, abandon, invalid, conversion (docs/clue-states.md).
// One slice composed from the files named by idea; the keys keep the order the catalogue always had.
import type { Slice } from '../define.js';
import { coreEndpoints as core } from './core.js';
import { leadsEndpoints as leads } from './leads.js';
import { duplicatesEndpoints as duplicates } from './duplicates.js';
import { distributionEndpoints as distribution } from './distribution.js';
import { approvalsEndpoints as approvals } from './approvals.js';
import { assessmentEndpoints as assessment } from './assessment.js';
import { calendarEndpoints as calendar } from './calendar.js';
import { publicLinkEndpoints as publicLinks } from './publicLinks.js';

export {
  ClueState,
  type TClueState,
  ClueSource,
  LeadSource,
  Gender,
  IntentionLevel,
  ApprovalStatus,
  ApprovalKind,
  UserPick,
} from './fields.js';
export { CLUE_ACTIONS } from './access.js';
export * from './rows.js';
export * from './core.js';
export * from './leads.js';
export * from './duplicates.js';
export * from './distribution.js';
export * from './approvals.js';
export * from './assessment.js';
export * from './calendar.js';
export * from './publicLinks.js';

export const clues = {
  clueSave: core.clueSave,
  mylist: core.mylist,
  detail: core.detail,
  list: core.list,
  list2: core.list2,
  list2Summary: core.list2Summary,
  distributionPoolList: distribution.distributionPoolList,
  getCompletedProject: core.getCompletedProject,
  list4baidu: leads.list4baidu,
  list4Douyin: leads.list4Douyin,
  list4H5: leads.list4H5,
  list4baiduSummary: leads.list4baiduSummary,
  list4DouyinSummary: leads.list4DouyinSummary,
  list4H5Summary: leads.list4H5Summary,
  douyinAdUcName: leads.douyinAdUcName,
  ingest: leads.ingest,
  checkClueRepeat: duplicates.checkClueRepeat,
  clueProtect: duplicates.clueProtect,
  queryByMobile: duplicates.queryByMobile,
  listUserClueByPhone: duplicates.listUserClueByPhone,
  getBizIdByPhone: duplicates.getBizIdByPhone,
  getFlowsByPhone: duplicates.getFlowsByPhone,
  corFilterByMobile: duplicates.corFilterByMobile,
  isInsuranceUser: duplicates.isInsuranceUser,
  mergePreview: duplicates.mergePreview,
  merge: duplicates.merge,
  distributeSave: distribution.distributeSave,
  distributionRule: distribution.distributionRule,
  distributionRuleSave: distribution.distributionRuleSave,
  highSeaList: distribution.highSeaList,
  receiveClue: distribution.receiveClue,
  highSeaReject: distribution.highSeaReject,
  followSave: core.followSave,
  flows: core.flows,
  transferSave: approvals.transferSave,
  transferSaveCampus: approvals.transferSaveCampus,
  submitClueToDirector: approvals.submitClueToDirector,
  abandonSave: approvals.abandonSave,
  abandonSaveBatch: approvals.abandonSaveBatch,
  abandonListAll: approvals.abandonListAll,
  abandonDetail: approvals.abandonDetail,
  abandonApprove: approvals.abandonApprove,
  invalidSubmit: approvals.invalidSubmit,
  invalidList: approvals.invalidList,
  invalidApprove: approvals.invalidApprove,
  invalidApprovers: approvals.invalidApprovers,
  checkExceedTowDays: approvals.checkExceedTowDays,
  checkRejectExceedTwoTimes: approvals.checkRejectExceedTwoTimes,
  commissioners4clueValid: approvals.commissioners4clueValid,
  centerWorkerList: approvals.centerWorkerList,
  centerWorkerApprove: approvals.centerWorkerApprove,
  centerWorkerDetail: approvals.centerWorkerDetail,
  intoSchoolSave: calendar.intoSchoolSave,
  clueConfirmSave: calendar.clueConfirmSave,
  entranceAssessment: assessment.entranceAssessment,
  matriculationSave: assessment.matriculationSave,
  matriculationSend: assessment.matriculationSend,
  sendEvaluate: assessment.sendEvaluate,
  publicEvaluation: publicLinks.publicEvaluation,
  publicEvaluationSubmit: publicLinks.publicEvaluationSubmit,
  publicEvaluationResult: publicLinks.publicEvaluationResult,
  preSaveStudent: assessment.preSaveStudent,
  studentCreate: assessment.studentCreate,
  bindingStudent: assessment.bindingStudent,
  updateClueFlowState: core.updateClueFlowState,
  modifyClueChannel: core.modifyClueChannel,
  queryRecommender: core.queryRecommender,
  channelSignList: leads.channelSignList,
  channelSignDelete: leads.channelSignDelete,
  channelSignSave: leads.channelSignSave,
  contactSave: core.contactSave,
  contactDelete: core.contactDelete,
  tagsSave: core.tagsSave,
  calendarList: calendar.calendarList,
  calendarSchoolList: calendar.calendarSchoolList,
  calendarSchoolsOnDate: calendar.calendarSchoolsOnDate,
  updateCalender: calendar.updateCalender,
  updateCalenderSchool: calendar.updateCalenderSchool,
  importRows: core.importRows,
} satisfies Slice;
