// Handlers of the staff dashboards (contract slice staffFigures): saturation, nightly snapshots,
// efficiency, employee statistics and a person's own figures.
import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { sql } from 'drizzle-orm';
import * as f from './facts.js';
import * as sat from './saturation.js';
import * as snap from './snapshots.js';
import * as st from './staff.js';
import { figureScope } from './scope.js';

export const staffFiguresHandlers: SliceHandlers<typeof contract.staffFigures> = {
  saturationSummary: async ({ deps, user, query }) => sat.summary(deps, await figureScope(deps, user, query)),
  saturationTopTeachers: async ({ deps, user, query }) =>
    sat.topTeachers(deps, await figureScope(deps, user, query)),
  saturationTopRooms: async ({ deps, user, query }) =>
    sat.topRooms(deps, await figureScope(deps, user, query)),
  saturationRooms: async ({ deps, user, query }) => sat.rooms(deps, await figureScope(deps, user, query)),
  saturationAreaTeachers: async ({ deps, user, query }) =>
    sat.areaTeachers(deps, await figureScope(deps, user, query)),
  saturationAreaRooms: async ({ deps, user, query }) =>
    sat.areaRooms(deps, await figureScope(deps, user, query)),
  saturationSubjects: async ({ deps, user, query }) =>
    sat.subjects(deps, await figureScope(deps, user, query)),
  saturationLevelsBySubject: async ({ deps, user, query }) =>
    sat.levelsBySubject(deps, await figureScope(deps, user, query), query.subjectId),
  saturationRoomBands: async ({ deps, user, query }) =>
    sat.roomBands(deps, await figureScope(deps, user, query)),
  saturationManagerBoard: async ({ deps, user, query }) =>
    sat.teachers(deps, await figureScope(deps, user, query)),
  saturationDirectorBoard: async ({ deps, user, query }) =>
    sat.campuses(deps, await figureScope(deps, user, query)),
  saturationMonthlyTrend: async ({ deps, user, query }) =>
    sat.monthlyTrend(deps, await figureScope(deps, user, query)),
  saturationSnapshot: async ({ deps, user, query }) =>
    snap.dayRows(deps, await figureScope(deps, user, query), query.day),
  snapshotList: async ({ deps, user, query }) =>
    snap.listRows(deps, await figureScope(deps, user, query), query.pageIdx, query.pageSize),
  snapshotDetail: async ({ deps, user, query }) =>
    snap.dayRows(deps, await figureScope(deps, user, query), query.day),
  snapshotRun: async ({ deps, body }) => {
    const day = body.day ?? snap.yesterday(deps);
    return { day, recorded: await snap.recordDay(deps, day) };
  },
  efficiencySummary: async ({ deps, user, body }) =>
    st.efficiencySummary(deps, await figureScope(deps, user, body)),
  efficiencyCampuses: async ({ deps, user, body }) =>
    st.efficiencyCampuses(deps, await figureScope(deps, user, body), body.group ?? 'jt'),
  efficiencyHistory: async ({ deps, user, body }) =>
    st.efficiencyHistory(deps, await figureScope(deps, user, body), body.group ?? 'jt'),
  employeeSummary: async ({ deps, user, body }) =>
    st.employeeSummary(deps, await figureScope(deps, user, body)),
  employeeCampuses: async ({ deps, user, body }) =>
    st.employeesBy(deps, await figureScope(deps, user, body), f.CAMPUS),
  employeeRoles: async ({ deps, user, body }) =>
    st.employeesBy(deps, await figureScope(deps, user, body), f.POST),
  employeeSubjects: async ({ deps, user, body }) =>
    st.employeesBy(deps, await figureScope(deps, user, body), f.subjectOf(sql`l.employee_code`)),
  employeeLevels: async ({ deps, user, body }) =>
    st.employeesBy(deps, await figureScope(deps, user, body), f.SKILL_LEVEL),
  employeeSkills: async ({ deps, user, body }) =>
    st.employeesBy(deps, await figureScope(deps, user, body), f.SKILL_TYPE),
  personal: async ({ deps, user, body }) => st.personal(deps, user, await figureScope(deps, user, body)),
};
