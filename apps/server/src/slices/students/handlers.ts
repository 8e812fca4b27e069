import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as follows from './follows.js';
import { importRows } from './importRows.js';
import { lifetime } from './lifetime.js';
import * as q from './queries.js';
import * as svc from './service.js';

export const studentsHandlers: SliceHandlers<typeof contract.students> = {
  students: async ({ deps, user, query }) => q.listStudents(deps, user, query),
  studentDetail: async ({ deps, user, query }) => q.detail(deps, user, { code: query.code }),
  rehabInfo: async ({ deps, user, query }) => q.rehabInfo(deps, user, query.childId),
  byName: async ({ deps, user, query }) => q.byName(deps, user, query),
  withoutAdviserList: async ({ deps, user, query }) => q.withoutAdviser(deps, user, query),
  withoutAdviserCount: async ({ deps, user, query }) =>
    q.withoutAdviserCount(deps, user, query.schoolItemCode),
  advisers: async ({ deps, user, query }) => q.advisers(deps, user, query.schoolItemCode),
  outsideAssess: async ({ deps, user, query }) => q.outsideAssess(deps, user, query.stuId),
  delStudent: async ({ deps, user, body, ip }) => {
    await svc.deleteStudent(deps, user, body, ip);
    return true;
  },
  insertStudent: async ({ deps, user, body, ip }) => {
    const s = await svc.insertStudent(deps, user, body, ip);
    return q.detail(deps, user, { id: s.id });
  },
  batchAdviser: async ({ deps, user, body, ip }) => svc.batchAdviser(deps, user, body, ip),
  saveOrEdit: async ({ deps, user, body, ip }) => {
    const s = await svc.saveOrEdit(deps, user, body, ip);
    return q.detail(deps, user, { id: s.id });
  },
  importRows: async ({ deps, user, body, ip }) => importRows(deps, user, body, ip),
  followStudentInfo: async ({ deps, user, params }) => follows.followStudentInfo(deps, user, params.id),
  followNodeList: async () => follows.followNodes(),
  studentFollowRecords: async ({ deps, user, params }) => follows.studentFollowRecords(deps, user, params.id),
  followUsers: async ({ deps, user, params }) => follows.followUsers(deps, user, params.id),
  followPage: async ({ deps, user, query }) => follows.followPage(deps, user, query),
  followExport: async ({ deps, user, query }) => follows.followExport(deps, user, query),
  followAdd: async ({ deps, user, body, ip }) => follows.followAdd(deps, user, body, ip),
  lifetime: async ({ deps, user, query }) => lifetime(deps, user, query.studentId),
};
