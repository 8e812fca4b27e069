// /students/degreeManagement: a campus's seats (degrees), page 1 of 10 by default; a seat's detail
// with its items (class detail mode '1v1Student' first), adding a seat or an item (form mode add)
// and editing one (form mode edit), releasing a seat ('degree released'), and the week's seat book.
import { DEGREE_DEFAULTS, type TDegreeRow } from '@bo/api-sdk';
import { Badge, Button, toastBridge } from '@bo/ui-kit';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { DegreeBookDialog, DegreeDetailDialog, DegreeItemDialog } from './DegreeDialogs';
import { dialogSlot } from './dialogSlot';
import { campusField, needsFilters, teacherField } from './listParts';

const detail = dialogSlot<number>();
const add = dialogSlot<string>();
const book = dialogSlot<string>();

export default defineListScreen<TDegreeRow>({
  key: 'teachingDegrees',
  what: (t) => t('teach.deg.what'),
  rowId: (d) => String(d.id),
  rowName: (d) => `${d.teacherName} ${d.timespanRange}`,
  defaultPageSize: DEGREE_DEFAULTS.pageSize,
  filterDefaults: { status: '10' },
  searchFields: (t) => [
    campusField(t),
    teacherField(t),
    {
      kind: 'select',
      name: 'status',
      label: t('teach.status'),
      options: [
        { value: '10', label: t('teach.deg.status.10') },
        { value: '90', label: t('teach.deg.status.90') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'teacherName', header: t('teach.teacher'), fixed: true },
    { id: 'timespanRange', header: t('teach.deg.timespan') },
    {
      id: 'shiftType',
      header: t('teach.band'),
      value: (d) => t(`teach.band.${d.shiftType as 1 | 2 | 3 | 4}`),
    },
    {
      id: 'timeType',
      header: t('teach.deg.timeType'),
      value: (d) => t(`teach.deg.timeType.${d.timeType as 1 | 2}`),
    },
    { id: 'period', header: t('teach.period'), value: (d) => `${d.startDate} ~ ${d.endDate}` },
    { id: 'holders', header: t('teach.deg.holders') },
    { id: 'itemCount', header: t('teach.deg.items'), align: 'right' },
    {
      id: 'status',
      header: t('teach.status'),
      value: (d) => t(d.status === 10 ? 'teach.deg.status.10' : 'teach.deg.status.90'),
      cell: (d) => (
        <Badge tone={d.status === 10 ? 'success' : 'neutral'}>
          {t(d.status === 10 ? 'teach.deg.status.10' : 'teach.deg.status.90')}
        </Badge>
      ),
    },
  ],
  list: async (a) =>
    a.filters.schoolItemCode ? sdk.teaching.degreeQuery({ query: listQuery(a) }) : { list: [], total: 0 },
  notice: needsFilters('campus'),
  rowActions: (t, h) => [
    { key: 'detail', label: t('teach.deg.detail'), onClick: (d) => detail.open(d.id) },
    {
      key: 'release',
      label: t('teach.deg.release'),
      danger: true,
      hidden: (d) => d.status !== 10,
      confirm: t('teach.deg.releaseConfirm'),
      onClick: async (d) => {
        await sdk.teaching.degreeRelease({ body: { id: d.id, version: d.version } });
        toastBridge.current?.success(t('teach.deg.released'));
        await h.refresh();
      },
    },
  ],
  toolbar: (t, h) => {
    const campus = h.filters.schoolItemCode ?? '';
    return (
      <>
        <Button disabled={!campus} onClick={() => add.open(campus)}>
          {t('teach.deg.add')}
        </Button>
        <Button variant="secondary" disabled={!campus} onClick={() => book.open(campus)}>
          {t('teach.deg.book')}
        </Button>
        <detail.Host render={(id, close) => <DegreeDetailDialog id={id} onClose={close} />} />
        <add.Host
          render={(c, close) => <DegreeItemDialog mode="add" campus={c} item={null} onClose={close} />}
        />
        <book.Host render={(c, close) => <DegreeBookDialog campus={c} onClose={close} />} />
      </>
    );
  },
});
