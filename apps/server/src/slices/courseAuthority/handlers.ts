import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const courseAuthorityHandlers: SliceHandlers<typeof contract.courseAuthority> = {
  authorityList: (ctx) => s.authorities.page(ctx, ctx.body),
  authoritySave: (ctx) => s.authorities.save(ctx, ctx.body),
  authorityDelete: async (ctx) => {
    await s.authorities.remove(ctx, ctx.query.id, 'id');
    return true;
  },
  authorityGet: (ctx) => s.authorities.detail(ctx, ctx.query.id, 'id'),
  queryTeacherCouseLevels: (ctx) => s.teacherCourseLevels(ctx, ctx.query.employeeCode),
  queryTeacherCourses: (ctx) => s.teachersOfRank(ctx, ctx.query.courseRankCode),
};
