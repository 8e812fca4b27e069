// Handlers of the teaching plan (/plan/*): the library on the master-data engine, the student's plan.
import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { lessonPlanType, planObjectType, planStrategyType, planTargetType } from './planLibrary.js';
import * as sp from './studentPlans.js';

type PlanKeys =
  | 'planObjectList'
  | 'planObjectSave'
  | 'planObjectStatus'
  | 'planTargetList'
  | 'planTargetSave'
  | 'planTargetStatus'
  | 'planStrategyList'
  | 'planStrategySave'
  | 'planStrategyStatus'
  | 'lessonPlanList'
  | 'lessonPlanSave'
  | 'lessonPlanStatus'
  | 'studentPlan'
  | 'studentPlanTargetSave'
  | 'studentPlanTargetStatus'
  | 'studentPlanProgressSave'
  | 'studentPlanProgress';

export const planHandlers: Pick<SliceHandlers<typeof contract.teaching>, PlanKeys> = {
  planObjectList: (ctx) => planObjectType.page(ctx, ctx.query),
  planObjectSave: (ctx) => planObjectType.save(ctx, ctx.body),
  planObjectStatus: (ctx) => planObjectType.updateStatus(ctx, ctx.body.id, ctx.body.validstatus, 'id'),
  planTargetList: (ctx) => planTargetType.page(ctx, ctx.query),
  planTargetSave: (ctx) => planTargetType.save(ctx, ctx.body),
  planTargetStatus: (ctx) => planTargetType.updateStatus(ctx, ctx.body.id, ctx.body.validstatus, 'id'),
  planStrategyList: (ctx) => planStrategyType.page(ctx, ctx.query),
  planStrategySave: (ctx) => planStrategyType.save(ctx, ctx.body),
  planStrategyStatus: (ctx) => planStrategyType.updateStatus(ctx, ctx.body.id, ctx.body.validstatus, 'id'),
  lessonPlanList: (ctx) => lessonPlanType.page(ctx, ctx.query),
  lessonPlanSave: (ctx) => lessonPlanType.save(ctx, ctx.body),
  lessonPlanStatus: (ctx) => lessonPlanType.updateStatus(ctx, ctx.body.id, ctx.body.validstatus, 'id'),
  studentPlan: ({ deps, user, query }) => sp.studentPlan(deps, user, query.studentId),
  studentPlanTargetSave: ({ deps, user, body }) => sp.saveStudentPlanTarget(deps, user, body),
  studentPlanTargetStatus: ({ deps, user, body }) => sp.changeStudentPlanTargetStatus(deps, user, body),
  studentPlanProgressSave: ({ deps, user, body }) => sp.recordPlanProgress(deps, user, body),
  studentPlanProgress: ({ deps, user, query }) => sp.planProgressList(deps, user, query.planTargetId),
};
