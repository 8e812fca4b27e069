// Course authority (spec §7 "Teaching, plan and degree" — Authority): which teacher (employee code)
// may teach which course ranks.
import { z } from 'zod';
import { Ok, PageQuery, ValidStatus, get, page, post, priv, signedIn, type Slice } from './define.js';
import { IdQuery, MdCode, MdText, versioned } from './masterData.js';

const AUTHORITY = priv('/setting/courseAuthorization');

export const AuthorityRank = z.object({ courseRankCode: z.string(), courseRankName: z.string().nullable() });
export const AuthorityRow = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string().nullable(),
  courseRankCodes: z.array(z.string()),
  courseRanks: z.array(AuthorityRank),
  remark: z.string().nullable(),
  validstatus: z.number().int(),
  version: z.number().int(),
});
export type TAuthorityRow = z.infer<typeof AuthorityRow>;
export const AuthorityInput = versioned(
  z.object({
    /** Absent: create (one authority record per teacher). */
    id: z.coerce.number().int().min(1).optional(),
    employeeCode: MdCode,
    courseRankCodes: z
      .array(MdCode)
      .min(1, '至少选择一个课程级别 / at least one course rank')
      .max(100)
      .transform((v) => [...new Set(v)].sort()),
    remark: MdText(500),
    validstatus: ValidStatus.default(1),
  }),
);
export const AuthorityQuery = PageQuery.extend({
  employeeCode: z.string().trim().optional(),
  courseRankCode: z.string().trim().optional(),
  validstatus: ValidStatus.optional(),
});

export const courseAuthority = {
  authorityList: post('/schedule/authority/list', {
    service: 'schedule',
    summary:
      'Course authorities (teacher → course ranks), filtered (employee, course rank, status) and paged.',
    access: AUTHORITY,
    body: AuthorityQuery,
    response: page(AuthorityRow),
  }),
  authoritySave: post('/schedule/authority/save', {
    service: 'schedule',
    summary:
      "Create a teacher's authority (no id) or replace its course ranks (id and version); one record per teacher.",
    access: AUTHORITY,
    body: AuthorityInput,
    response: AuthorityRow,
  }),
  authorityDelete: post('/schedule/authority/delete', {
    service: 'schedule',
    summary: "Delete a teacher's authority record with its course ranks.",
    access: AUTHORITY,
    query: IdQuery,
    response: Ok,
  }),
  authorityGet: get('/schedule/authority/get', {
    service: 'schedule',
    summary: 'An authority record by id.',
    access: AUTHORITY,
    query: IdQuery,
    response: AuthorityRow,
  }),
  queryTeacherCouseLevels: get('/schedule/authority/queryTeacherCouseLevels', {
    service: 'schedule',
    summary:
      "The course ranks a teacher may teach (enabled authority); employeeCode defaults to the caller's own.",
    access: signedIn,
    query: z.object({ employeeCode: z.string().trim().optional() }),
    response: z.array(AuthorityRank),
  }),
  queryTeacherCourses: get('/schedule/authority/queryTeacherCourses', {
    service: 'schedule',
    summary: 'The teachers authorised (enabled authority) for a course rank.',
    access: signedIn,
    query: z.object({ courseRankCode: z.string().trim().min(1, 'courseRankCode is required') }),
    response: z.array(z.object({ employeeCode: z.string(), employeeName: z.string().nullable() })),
  }),
} satisfies Slice;
