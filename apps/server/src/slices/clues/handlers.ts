import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { badInput } from '../../http/errors.js';
import { assertCampus } from '../../http/auth.js';
import { schoolItems } from '../../db/schema.js';
import { eq, or } from 'drizzle-orm';
import { eligibleApprovers } from '../approvals/index.js';
import type { DbOrTx } from '../../db/client.js';
import { CLUE_KINDS } from './approvalKinds.js';
import * as actions from './actions.js';
import * as conversion from './conversion.js';
import * as corrections from './corrections.js';
import * as creation from './creation.js';
import * as pools from './pools.js';
import { decideClue } from './approvals.js';
import * as q from './queries.js';
import * as assessment from './assessment.js';
import * as calendar from './calendar.js';
import * as imports from './importRows.js';
import * as leads from './leads.js';
import * as publicLinks from './publicLinks.js';
import * as records from './records.js';

/** Who may decide an invalid request at the campus: the first step of the kind's policy (settings). */
const invalidApprovers = async (db: DbOrTx, campus: string | null) =>
  eligibleApprovers(db, CLUE_KINDS.invalid, campus);

export const cluesHandlers: SliceHandlers<typeof contract.clues> = {
  clueSave: async ({ deps, user, body, ip }) => creation.createClue(deps, user, body, ip),
  mylist: async ({ deps, user, query }) => q.listClues(deps, user, 'mine', query),
  detail: async ({ deps, user, query }) => q.detail(deps, user, query.clueId),
  list: async ({ deps, user, query }) => q.listClues(deps, user, 'scope', query),
  list2: async ({ deps, user, query }) => q.listClues(deps, user, 'scope', query),
  list2Summary: async ({ deps, user, query }) => q.stateSummary(deps, user, query),
  distributionPoolList: async ({ deps, user, query }) => q.listClues(deps, user, 'pool', query),
  getCompletedProject: async ({ deps, user, query }) => q.completedSteps(deps, user, query.clueId),
  list4baidu: async ({ deps, user, query }) => leads.leadList(deps, user, 'baidu', query),
  list4Douyin: async ({ deps, user, query }) => leads.leadList(deps, user, 'douyin', query),
  list4H5: async ({ deps, user, query }) => leads.leadList(deps, user, 'h5', query),
  list4baiduSummary: async ({ deps, user, query }) => leads.leadSummary(deps, user, 'baidu', query),
  list4DouyinSummary: async ({ deps, user, query }) => leads.leadSummary(deps, user, 'douyin', query),
  list4H5Summary: async ({ deps, user, query }) => leads.leadSummary(deps, user, 'h5', query),
  douyinAdUcName: async ({ deps }) => leads.douyinAccounts(deps),
  ingest: async ({ deps, params, body, req }) => {
    leads.checkWebhookToken(deps, params.source, req.headers['x-webhook-token']);
    return leads.ingest(deps, params.source, body);
  },

  checkClueRepeat: async ({ deps, user, query }) => {
    const holder =
      (await q.holders(deps, user, query.phone)).find((h) => !['invalid', 'merged'].includes(h.flowState)) ??
      null;
    return { repeat: !!holder, holder };
  },
  clueProtect: async ({ deps, user, query }) => {
    const holder =
      (await q.holders(deps, user, query.phone)).find((h) => !['invalid', 'merged'].includes(h.flowState)) ??
      null;
    const isProtected = !!holder && !holder.mine && !['pool', 'high_sea'].includes(holder.flowState);
    const message = !holder
      ? '该手机号无有效线索 / no active clue holds this phone'
      : isProtected
        ? `该手机号受保护：${holder.ownerName ?? ''}（${holder.schoolItemName ?? '品牌中心'}）跟进中 / protected: followed up by ${holder.ownerName ?? ''} at ${holder.schoolItemCode ?? 'brand centre'}`
        : holder.mine
          ? '该线索由您跟进 / the clue is yours'
          : '线索在待分配池或公海中，可领取 / the clue is in a pool and can be taken';
    return { protected: isProtected, holder, message };
  },
  queryByMobile: async ({ deps, user, query }) => q.holders(deps, user, query.mobile),
  listUserClueByPhone: async ({ deps, user, query }) =>
    q.holders(deps, user, query.phone, { onlyMine: query.isMyself, state: query.cluePosition }),
  getBizIdByPhone: async ({ deps, user, query }) => q.bizIdByPhone(deps, user, query.phone),
  getFlowsByPhone: async ({ deps, user, query }) => q.flowsByPhone(deps, user, query.phone),
  corFilterByMobile: async ({ deps, user, query }) => q.corFilter(deps, user, query.mobile),
  isInsuranceUser: async ({ deps, query }) => q.isInsurance(deps, query.mobile),
  mergePreview: async ({ deps, user, body }) => corrections.mergePreview(deps, user, body),
  merge: async ({ deps, user, body, ip }) => corrections.merge(deps, user, body, ip),

  distributeSave: async ({ deps, user, body, ip }) => pools.distribute(deps, user, body, ip),
  distributionRule: async ({ deps, user, query }) => pools.distributionRule(deps, user, query.schoolItemCode),
  distributionRuleSave: async ({ deps, user, body, ip }) => pools.saveDistributionRule(deps, user, body, ip),
  highSeaList: async ({ deps, user, query }) => q.listClues(deps, user, 'highSea', query),
  receiveClue: async ({ deps, user, body, ip }) => pools.claim(deps, user, body, ip),
  highSeaReject: async ({ deps, user, query, ip }) => {
    await pools.highSeaReject(deps, user, query.cluecode, query.reason, ip);
    return true;
  },

  followSave: async ({ deps, user, body }) => actions.follow(deps, user, body),
  flows: async ({ deps, user, query }) => q.flows(deps, user, query.clueId),
  transferSave: async ({ deps, user, body, ip }) => actions.transferSameCampus(deps, user, body, ip),
  transferSaveCampus: async ({ deps, user, body }) => actions.transferOtherCampus(deps, user, body),
  submitClueToDirector: async ({ deps, user, body }) => actions.submitToDirector(deps, user, body),
  abandonSave: async ({ deps, user, body }) => {
    const [id] = await actions.abandonRequest(deps, user, [body.clueId], body.reasonCode, body.reason);
    return { id: id ?? null, direct: false };
  },
  abandonSaveBatch: async ({ deps, user, body }) => ({
    ids: await actions.abandonRequest(deps, user, body.clueIds, body.reasonCode, body.reason),
  }),
  abandonListAll: async ({ deps, user, body }) => q.listApprovals(deps, user, 'abandon', body),
  abandonDetail: async ({ deps, user, query }) => q.approvalDetail(deps, user, query.id, 'abandon'),
  abandonApprove: async ({ deps, user, body, ip }) => {
    await decideClue(deps, user, 'abandon', body, ip);
    return true;
  },

  invalidSubmit: async ({ deps, user, body }) => actions.invalidSubmit(deps, user, body),
  invalidList: async ({ deps, user, query }) => q.listApprovals(deps, user, 'invalid', query),
  invalidApprove: async ({ deps, user, body, ip }) => {
    await decideClue(deps, user, 'invalid', body, ip);
    return true;
  },
  invalidApprovers: async ({ deps, user, query }) => {
    let campus = query.schoolItemCode ?? null;
    assertCampus(user, campus);
    if (query.clueId) campus = (await q.visibleClue(deps, user, query.clueId)).schoolItemCode;
    if (!campus) throw badInput('query.schoolItemCode', '请选择校区或线索 / a campus or a clue is required');
    return invalidApprovers(deps.db, campus);
  },
  checkExceedTowDays: async ({ deps, user, query }) => {
    const c = await q.visibleClue(deps, user, query.clueId);
    return {
      exceeded: (await actions.invalidChecks(deps.db, c, deps.now())).exceededDays,
      createdAt: c.createdAt.toISOString(),
    };
  },
  checkRejectExceedTwoTimes: async ({ deps, user, query }) => {
    const c = await q.visibleClue(deps, user, query.clueId);
    return {
      exceeded: (await actions.invalidChecks(deps.db, c, deps.now())).exceededRejects,
      rejectCount: c.invalidRejectCount,
    };
  },
  commissioners4clueValid: async ({ deps, user, params }) => {
    const id = params.id;
    const [s] = await deps.db
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(
        // Beyond nine digits it cannot be a serial id (int4); it may still be a code.
        /^\d{1,9}$/.test(id)
          ? or(eq(schoolItems.id, Number(id)), eq(schoolItems.code, id))
          : eq(schoolItems.code, id),
      );
    if (!s) throw badInput('params.id', 'params.id: 校区不存在 / no such campus');
    assertCampus(user, s.code);
    return invalidApprovers(deps.db, s.code);
  },
  centerWorkerList: async ({ deps, user, query }) => q.listApprovals(deps, user, 'invalid', query, true),
  centerWorkerApprove: async ({ deps, user, body, ip }) => {
    await decideClue(deps, user, 'invalid', body, ip);
    return true;
  },
  centerWorkerDetail: async ({ deps, user, params }) => q.approvalDetail(deps, user, params.id, 'invalid'),

  intoSchoolSave: async ({ deps, user, body }) => actions.scheduleVisit(deps, user, body),
  clueConfirmSave: async ({ deps, user, body }) => actions.confirmVisit(deps, user, body),
  entranceAssessment: async ({ deps, user, query }) =>
    assessment.entranceAssessment(deps, user, query.clueId),
  matriculationSave: async ({ deps, user, body }) => assessment.saveMatriculation(deps, user, body),
  matriculationSend: async ({ deps, user, params }) => assessment.sendMatriculation(deps, user, params.id),
  sendEvaluate: async ({ deps, user, query }) => assessment.sendEvaluate(deps, user, query),
  publicEvaluation: async ({ deps, params, ip }) => publicLinks.evaluationForm(deps, params.token, ip),
  publicEvaluationSubmit: async ({ deps, params, body, ip }) =>
    publicLinks.submitEvaluation(deps, params.token, body, ip),
  publicEvaluationResult: async ({ deps, params, ip }) =>
    publicLinks.evaluationResult(deps, params.token, ip),
  preSaveStudent: async ({ deps, user, query }) => q.studentDraft(deps, user, query.clueId),
  studentCreate: async ({ deps, user, body, ip }) => conversion.createStudent(deps, user, body, ip),
  bindingStudent: async ({ deps, user, body, ip }) => {
    await conversion.bindStudent(deps, user, body, ip);
    return true;
  },
  updateClueFlowState: async ({ deps, user, body, ip }) => {
    await corrections.correctState(deps, user, body, ip);
    return true;
  },

  modifyClueChannel: async ({ deps, user, body, ip }) => {
    await records.modifyChannel(deps, user, body, ip);
    return true;
  },
  queryRecommender: async ({ deps, user, query }) => q.recommenders(deps, user, query.keyword),
  channelSignList: async ({ deps, user, query }) => leads.channelSigns(deps, user, query),
  channelSignDelete: async ({ deps, user, query }) => {
    await leads.deleteChannelSign(deps, user, query.id);
    return true;
  },
  channelSignSave: async ({ deps, user, body }) => leads.saveChannelSign(deps, user, body),
  contactSave: async ({ deps, user, body }) => records.saveContact(deps, user, body),
  contactDelete: async ({ deps, user, query }) => {
    await records.deleteContact(deps, user, query.id);
    return true;
  },
  tagsSave: async ({ deps, user, body }) => records.saveTags(deps, user, body),
  calendarList: async ({ deps, user, query }) =>
    calendar.calendarList(deps, user, query.monthStr, query.typeCalendar),
  calendarSchoolList: async ({ deps, user, query }) =>
    calendar.calendarSchoolList(deps, user, query.monthStr, query.schoolItemCode),
  calendarSchoolsOnDate: async ({ deps, user, query }) => calendar.schoolsOnDate(deps, user, query.dateStr),
  updateCalender: async ({ deps, user, body }) => {
    await calendar.updateCalendar(deps, user, body);
    return true;
  },
  updateCalenderSchool: async ({ deps, user, body }) => {
    await calendar.updateCalendarSchool(deps, user, body);
    return true;
  },
  importRows: async ({ deps, user, body, ip }) => imports.importRows(deps, user, body, ip),
};
