// /setting/courseAuthorization: which course ranks each teacher may teach (one record per teacher).
import { AuthorityInput, type TAuthorityRow } from '@bo/api-sdk';
import { defineListScreen, isValid, listQuery, statusOptions, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  CourseRankSelect,
  CourseRanksField,
  TeacherSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';

export const authorities: ListScreenDef<TAuthorityRow, typeof AuthorityInput> = {
  key: 'courseAuthorities',
  what: (t) => t('set.authority'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.employeeName ?? r.employeeCode,
  searchFields: (t) => [
    {
      kind: 'custom',
      name: 'employeeCode',
      label: t('master.teacher'),
      render: asSearchField(TeacherSelect, { minRank: 1 }),
    },
    {
      kind: 'custom',
      name: 'courseRankCode',
      label: t('master.courseRank'),
      render: asSearchField(CourseRankSelect),
    },
    { kind: 'select', name: 'validstatus', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'employeeCode', header: t('staff.code'), sortable: true },
    { id: 'employeeName', header: t('master.teacher'), sortable: true },
    {
      id: 'courseRanks',
      header: t('master.courseRank'),
      value: (r) => r.courseRanks.map((c) => c.courseRankName ?? c.courseRankCode).join('、'),
    },
    { id: 'remark', header: t('list.remark') },
  ],
  list: (a) => sdk.courseAuthority.authorityList({ body: listQuery(a) }),
  form: {
    schema: AuthorityInput,
    defaults: { validstatus: 1, courseRankCodes: [] },
    detail: (r) => sdk.courseAuthority.authorityGet({ query: { id: r.id } }),
    fields: (t) => [
      {
        kind: 'custom',
        name: 'employeeCode',
        label: t('master.teacher'),
        required: true,
        lockedOnEdit: true,
        render: asFormField(TeacherSelect, { minRank: 1 }),
      },
      {
        kind: 'custom',
        name: 'courseRankCodes',
        label: t('master.courseRank'),
        required: true,
        wide: true,
        render: (p) => <CourseRanksField {...p} />,
      },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    save: (body) => sdk.courseAuthority.authoritySave({ body }),
  },
  // The switch saves the record with the new status (the contract has no separate status call).
  status: {
    isOn: isValid,
    set: (r, on) =>
      sdk.courseAuthority.authoritySave({
        body: {
          id: r.id,
          employeeCode: r.employeeCode,
          courseRankCodes: r.courseRankCodes,
          remark: r.remark,
          validstatus: on ? 1 : 0,
          version: r.version,
        },
      }),
  },
  remove: { call: (r) => sdk.courseAuthority.authorityDelete({ query: { id: r.id } }) },
};

const Authorities = defineListScreen(authorities);

export default function CourseAuthorization() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.courseAuthorization.desc')}>
      <Authorities />
    </ScreenFrame>
  );
}
