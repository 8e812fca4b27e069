// The dialogs of /students/degreeManagement: a seat's detail (its items by class detail mode, add,
// edit, delete, release; reloaded after each), the item form (add: the seat's teacher and span
// too; edit: what an item may change), and the seat book of a week.
import {
  DEGREE_DEFAULTS,
  DEGREE_TYPES,
  FREQUENCY_TYPES,
  SCHEDULE_ORDER_TYPES,
  type TDegreeDetail,
  type TDegreeItemRow,
  type TDegreeType,
  type TDegreeStudentQuery,
} from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import {
  Badge,
  Button,
  Checkbox,
  DataTable,
  Dialog,
  FormCheckGroup,
  FormCheckbox,
  FormControl,
  FormDate,
  FormDialog,
  FormNumber,
  FormSelect,
  FormText,
  FormTime,
  Tabs,
  TextField,
  useConfirm,
  useToast,
  type ListColumn,
  type RowAction,
  type SortState,
} from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommandForm } from '../../app/form';
import { runCommand } from '../../app/invalidation';
import { FormTeacherSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT, type TFunction } from '../../i18n';
import {
  DegreeItemForm,
  itemToForm,
  saveBody,
  updateBody,
  type DegreeFormMode,
  type TDegreeItemForm,
} from './degreeForm';
import { WEEK_CODES } from './seriesForm';
import { WEEKDAY_KEYS } from './weekdays';

const degreeKey = (id: number) => ['teaching', 'degree', id] as const;
const ONE_TO_ONE: readonly TDegreeType[] = ['FORMAL_STUDENT', 'TEMP_STUDENT'];
type DetailMode = '1v1Student' | 'other';
const NO_COLUMNS: string[] = [];
const NO_SELECTION = {};

/** The frequency as the screen shows it: NON_FIXED as temporary, weekly as weekday names. */
export function frequencyText(t: TFunction, i: Pick<TDegreeItemRow, 'frequencyType' | 'frequencyConfig'>) {
  if (i.frequencyType === 'WEEKLY')
    return i.frequencyConfig
      .split(',')
      .map((c) => t(WEEKDAY_KEYS[Number(c) - 1] ?? 'teach.wd.0'))
      .join('、');
  if (i.frequencyType === 'DISCONTINUITY') return `${t('teach.deg.freq.DISCONTINUITY')} ${i.frequencyConfig}`;
  return t(`teach.deg.freq.${i.frequencyType}`);
}

/** Each degree type loads its own list of holders (the §3 student-list query). */
const targetList = (type: TDegreeType, query: TDegreeStudentQuery) => {
  switch (type) {
    case 'FORMAL_STUDENT':
      return sdk.teaching.degreeFormalStudents({ query });
    case 'TEMP_STUDENT':
      return sdk.teaching.degreeTempStudents({ query });
    case 'GROUP_COURSE':
      return sdk.teaching.degreeGroupCourses({ query });
    case 'ASSIST_TASK':
      return sdk.teaching.degreeAssistStudents({ query });
    case 'BOOK_STUDENT':
      return sdk.teaching.degreeBookStudents({ query });
  }
};

export function DegreeDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const [mode, setMode] = useState<DetailMode>(DEGREE_DEFAULTS.classDetailMode);
  const [sort, setSort] = useState<SortState | null>(null);
  const [form, setForm] = useState<{ mode: DegreeFormMode; item: TDegreeItemRow | null } | null>(null);
  const detail = useQuery({
    queryKey: degreeKey(id),
    queryFn: () => sdk.teaching.degreeInfo({ query: { id } }),
  });
  // Delete and release (as the item form's add and edit) refresh what their command changed: the
  // detail and the seat list, which read the teaching slice.
  const d = detail.data;
  const remove = async (item: TDegreeItemRow) => {
    try {
      const r = await runCommand(qc, () => sdk.teaching.degreeItemDelete({ params: { id: item.id } }));
      toast.success(t('teach.deg.deleted', { n: r.cancelledLessons }));
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const release = async (seat: TDegreeDetail) => {
    if (!(await confirm({ title: t('teach.deg.releaseConfirm'), danger: true }))) return;
    try {
      await runCommand(qc, () =>
        sdk.teaching.degreeRelease({ body: { id: seat.id, version: seat.version } }),
      );
      toast.success(t('teach.deg.released'));
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const items = (d?.items ?? []).filter((i) =>
    mode === '1v1Student' ? ONE_TO_ONE.includes(i.degreeType) : !ONE_TO_ONE.includes(i.degreeType),
  );
  const columns: ListColumn<TDegreeItemRow>[] = [
    { id: 'degreeType', header: t('teach.deg.type'), value: (i) => t(`teach.deg.type.${i.degreeType}`) },
    { id: 'target', header: t('teach.deg.target'), value: (i) => i.targetConfig.value },
    { id: 'courseName', header: t('teach.course'), value: (i) => i.courseName ?? '' },
    { id: 'frequency', header: t('teach.deg.freq'), value: (i) => frequencyText(t, i) },
    { id: 'period', header: t('teach.period'), value: (i) => `${i.startDate} ~ ${i.endDate}` },
    { id: 'comingLessons', header: t('teach.deg.coming'), align: 'right' },
  ];
  // Items change only while the seat is held.
  const held = d?.status === 10;
  const rowActions: RowAction<TDegreeItemRow>[] = [
    {
      key: 'edit',
      label: t('teach.deg.editItem'),
      hidden: () => !held,
      onClick: (i) => setForm({ mode: 'edit', item: i }),
    },
    {
      key: 'delete',
      label: t('teach.deg.deleteItem'),
      hidden: () => !held,
      danger: true,
      confirm: t('teach.deg.deleteConfirm'),
      onClick: remove,
    },
  ];
  const table = (
    <DataTable
      label={t('teach.deg.items')}
      columns={columns}
      rows={items}
      getRowId={(i) => String(i.id)}
      rowActions={held ? rowActions : undefined}
      emptyText={t('teach.deg.noItems')}
      maxHeight="20rem"
      hidden={NO_COLUMNS}
      sort={sort}
      onSortChange={setSort}
      selection={NO_SELECTION}
      onSelectionChange={() => undefined}
    />
  );
  return (
    <Dialog open onClose={onClose} title={t('teach.deg.detail')} size="xl">
      {d && (
        <div className="flex flex-col gap-3">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <dt className="text-muted">{t('teach.teacher')}</dt>
            <dd>{d.teacherName}</dd>
            <dt className="text-muted">{t('teach.deg.timespan')}</dt>
            <dd>{d.timespanRange}</dd>
            <dt className="text-muted">{t('teach.band')}</dt>
            <dd>{t(`teach.band.${d.shiftType as 1 | 2 | 3 | 4}`)}</dd>
            <dt className="text-muted">{t('teach.deg.timeType')}</dt>
            <dd>{t(`teach.deg.timeType.${d.timeType as 1 | 2}`)}</dd>
            <dt className="text-muted">{t('teach.period')}</dt>
            <dd>
              {d.startDate} ~ {d.endDate}
            </dd>
            <dt className="text-muted">{t('teach.status')}</dt>
            <dd>
              <Badge tone={d.status === 10 ? 'success' : 'neutral'}>
                {t(d.status === 10 ? 'teach.deg.status.10' : 'teach.deg.status.90')}
              </Badge>
            </dd>
          </dl>
          <Tabs
            value={mode}
            onChange={(k) => setMode(k === 'other' ? 'other' : '1v1Student')}
            items={[
              { key: '1v1Student', label: t('teach.deg.mode.1v1Student'), content: table },
              { key: 'other', label: t('teach.deg.mode.other'), content: table },
            ]}
          />
          {d.status === 10 && (
            <div className="flex gap-2">
              <Button onClick={() => setForm({ mode: 'add', item: null })}>{t('teach.deg.addItem')}</Button>
              <Button variant="danger" onClick={() => void release(d)}>
                {t('teach.deg.release')}
              </Button>
            </div>
          )}
        </div>
      )}
      {d && form && (
        <DegreeItemDialog
          mode={form.mode}
          campus={d.schoolItemCode}
          seat={d}
          item={form.item}
          onClose={() => setForm(null)}
        />
      )}
    </Dialog>
  );
}

/** The holder picker: the degree type's own list, searched by name (page 1, size 10). */
function TargetPicker(p: {
  id: string;
  label: string;
  error?: string;
  value: unknown;
  onChange: (v: unknown) => void;
  degreeType: TDegreeType;
  campus: string;
  teacherCode: string;
  start: string;
  end: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const query: TDegreeStudentQuery = {
    schoolItemCode: p.campus,
    teacherCode: p.teacherCode,
    startTimeSpan: p.start || undefined,
    endTimeSpan: p.end || undefined,
    degreeType: p.degreeType,
    name: name || undefined,
    pageNum: DEGREE_DEFAULTS.pageIdx,
    pageSize: DEGREE_DEFAULTS.pageSize,
  };
  const list = useQuery({
    queryKey: ['teaching', 'degreeTargets', query],
    queryFn: () => targetList(p.degreeType, query),
    enabled: Boolean(p.campus && p.teacherCode) && !p.disabled,
  });
  const rows = list.data?.list ?? [];
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <TextField
        label={t('teach.deg.searchTarget')}
        value={name}
        disabled={p.disabled}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor={p.id} className="text-xs font-medium text-ink-2">
        {p.label}
      </label>
      <select
        id={p.id}
        className="h-8 rounded-md border border-line px-2 text-sm"
        value={typeof p.value === 'number' && p.value > 0 ? String(p.value) : ''}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value ? Number(e.target.value) : 0)}
      >
        <option value="">
          {p.teacherCode ? t('teach.deg.pickTarget') : t('teach.deg.pickTeacherFirst')}
        </option>
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {`${r.value}（${r.code}）${r.detail ? ` · ${r.detail}` : ''}`}
          </option>
        ))}
      </select>
      {p.error && (
        <p role="alert" className="text-xs text-danger-600">
          {p.error}
        </p>
      )}
    </div>
  );
}

export function DegreeItemDialog({
  mode,
  campus,
  seat,
  item,
  onClose,
}: {
  mode: DegreeFormMode;
  campus: string;
  /** The seat an item is added to or edited in; absent: a new seat (its teacher and span asked). */
  seat?: TDegreeDetail;
  item: TDegreeItemRow | null;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const today = shanghaiDate(new Date());
  const [start = '09:00', end = '10:00'] = seat?.timespanRange.split('-') ?? [];
  const form = useCommandForm({
    schema: DegreeItemForm,
    defaultValues:
      item && seat
        ? itemToForm(item, seat)
        : {
            teacherCode: seat?.teacherCode ?? '',
            timespanStart: start,
            timespanEnd: end,
            shiftType: seat?.shiftType ?? 1,
            timeType: seat?.timeType ?? 1,
            degreeType: 'FORMAL_STUDENT' as const,
            targetId: 0,
            courseCode: '',
            frequencyType: 'WEEKLY' as const,
            weekdays: [],
            days: '',
            startDate: today,
            endDate: today,
            recordAttendance: true,
            hours: 1,
          },
    onSubmit: (v: TDegreeItemForm) =>
      mode === 'edit' && item
        ? sdk.teaching.degreeItemUpdate({ body: updateBody(v, item) })
        : sdk.teaching.degreeItemSave({ body: saveBody(v, campus) }),
    onDone: (r) => {
      toast.success(t('teach.deg.saved', { n: r.lessons }));
      if (r.skipped.length) toast.info(t('teach.skipped', { days: r.skipped.map((s) => s.date).join(', ') }));
      onClose();
    },
  });
  const v = form.rhf.watch();
  const targetId = Number(v.targetId) || 0;
  const editing = mode === 'edit';
  const seatFixed = Boolean(seat);
  const hasOrders = SCHEDULE_ORDER_TYPES.includes(v.degreeType);
  const orders = useQuery({
    queryKey: ['teaching', 'degreeOrders', v.targetId, v.degreeType],
    queryFn: () =>
      sdk.teaching.degreeScheduleOrders({ query: { studentId: targetId, degreeType: v.degreeType } }),
    enabled: hasOrders && targetId > 0 && !editing,
  });
  const earliest = useQuery({
    queryKey: [
      'teaching',
      'degreeTarget',
      campus,
      v.teacherCode,
      v.timespanStart,
      v.timespanEnd,
      v.degreeType,
      targetId,
    ],
    queryFn: () =>
      sdk.teaching.degreeTargetConfig({
        query: {
          schoolItemCode: campus,
          teacherCode: v.teacherCode,
          timespanStart: v.timespanStart,
          timespanEnd: v.timespanEnd,
          degreeType: v.degreeType,
          targetId,
        },
      }),
    enabled: !editing && targetId > 0 && Boolean(v.teacherCode),
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={editing ? t('teach.deg.editItem') : seatFixed ? t('teach.deg.addItem') : t('teach.deg.add')}
      size="xl"
      columns={2}
    >
      <FormTeacherSelect form={form} name="teacherCode" label={t('teach.teacher')} disabled={seatFixed} />
      <FormSelect
        form={form}
        name="shiftType"
        label={t('teach.band')}
        disabled={seatFixed}
        options={([1, 2, 3, 4] as const).map((b) => ({ value: b, label: t(`teach.band.${b}`) }))}
      />
      <FormTime form={form} name="timespanStart" label={t('teach.start')} disabled={seatFixed} />
      <FormTime form={form} name="timespanEnd" label={t('teach.end')} disabled={seatFixed} />
      <FormSelect
        form={form}
        name="timeType"
        label={t('teach.deg.timeType')}
        disabled={seatFixed}
        options={([1, 2] as const).map((b) => ({ value: b, label: t(`teach.deg.timeType.${b}`) }))}
      />
      <FormSelect
        form={form}
        name="degreeType"
        label={t('teach.deg.type')}
        disabled={editing}
        options={DEGREE_TYPES.map((d) => ({ value: d, label: t(`teach.deg.type.${d}`) }))}
      />
      <FormControl
        form={form}
        name="targetId"
        label={t('teach.deg.target')}
        render={(c) => (
          <TargetPicker
            id={c.id}
            label={c.label}
            error={c.error}
            value={c.value}
            onChange={c.onChange}
            degreeType={v.degreeType}
            campus={campus}
            teacherCode={v.teacherCode}
            start={v.timespanStart}
            end={v.timespanEnd}
            disabled={editing}
          />
        )}
      />
      {earliest.data && (
        <p className="text-xs text-muted sm:col-span-2">
          {t('teach.deg.earliest', { d: earliest.data.earliestDate })}
        </p>
      )}
      {hasOrders && (
        <FormSelect
          form={form}
          name="courseCode"
          label={t('teach.deg.scheduleOrder')}
          className="sm:col-span-2"
          disabled={editing}
          placeholder={t('teach.deg.pickOrder')}
          options={
            editing && item?.courseCode
              ? [{ value: item.courseCode, label: item.courseName ?? item.courseCode }]
              : (orders.data ?? []).map((o) => ({
                  value: o.courseCode,
                  label: `${o.courseName} · ${t('teach.bookable')} ${o.schedulableHours}${o.authorised ? ` · ${t('teach.deg.authorised')}` : ''}`,
                }))
          }
        />
      )}
      <FormSelect
        form={form}
        name="frequencyType"
        label={t('teach.deg.freq')}
        options={FREQUENCY_TYPES.map((f) => ({ value: f, label: t(`teach.deg.freq.${f}`) }))}
      />
      <FormNumber form={form} name="hours" label={t('teach.hours')} min={0.25} max={8} step={0.25} />
      {v.frequencyType === 'WEEKLY' && (
        <FormCheckGroup
          form={form}
          name="weekdays"
          label={t('teach.weekdays')}
          className="sm:col-span-2"
          options={WEEK_CODES.map((c) => ({ value: c, label: t(WEEKDAY_KEYS[c - 1] ?? 'teach.wd.0') }))}
        />
      )}
      {v.frequencyType === 'DISCONTINUITY' && (
        <FormText form={form} name="days" label={t('teach.deg.days')} className="sm:col-span-2" />
      )}
      <FormDate form={form} name="startDate" label={t('teach.from')} />
      <FormDate form={form} name="endDate" label={t('teach.to')} />
      <FormCheckbox form={form} name="recordAttendance" label={t('teach.deg.recordAttendance')} />
    </FormDialog>
  );
}

/** Indexes of the seat book's legend (DEGREE_DEFAULTS.checklist): the five types, then free cells. */
const LEGEND = [...DEGREE_TYPES, 'FREE'] as const;

export function DegreeBookDialog({ campus, onClose }: { campus: string; onClose: () => void }) {
  const t = useT();
  const [date, setDate] = useState(shanghaiDate(new Date()));
  const [shown, setShown] = useState<number[]>([...DEGREE_DEFAULTS.checklist]);
  const book = useQuery({
    queryKey: ['teaching', 'degreeBook', campus, date],
    queryFn: () => sdk.teaching.degreeBook({ query: { schoolItemCode: campus, date } }),
  });
  const visible = (type: TDegreeType | null) =>
    shown.includes(type ? LEGEND.indexOf(type) : LEGEND.length - 1);
  return (
    <Dialog open onClose={onClose} title={t('teach.deg.book')} size="xl">
      <div className="flex flex-wrap items-end gap-3 pb-2">
        <TextField
          label={t('teach.date')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        {LEGEND.map((l, i) => (
          <Checkbox
            key={l}
            label={l === 'FREE' ? t('teach.deg.free') : t(`teach.deg.type.${l}`)}
            checked={shown.includes(i)}
            onChange={(e) => setShown((s) => (e.target.checked ? [...s, i] : s.filter((x) => x !== i)))}
          />
        ))}
      </div>
      <div className="max-h-96 overflow-auto rounded-md border border-line">
        <table className="w-full text-sm" aria-label={t('teach.deg.book')}>
          <thead className="sticky top-0 bg-canvas text-left text-muted">
            <tr>
              <th scope="col" className="px-2 py-1">
                {t('teach.teacher')}
              </th>
              <th scope="col" className="px-2 py-1">
                {t('teach.deg.timespan')}
              </th>
              {WEEK_CODES.map((c) => (
                <th key={c} scope="col" className="px-2 py-1">
                  {t(WEEKDAY_KEYS[c - 1] ?? 'teach.wd.0')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(book.data ?? []).map((r) => (
              <tr key={r.degreeId} className="border-t border-line">
                <td className="px-2 py-1">{r.teacherName}</td>
                <td className="px-2 py-1 whitespace-nowrap">{r.timespanRange}</td>
                {r.days.map((c) => (
                  <td key={c.weekday} className="px-2 py-1">
                    {visible(c.degreeType) &&
                      (c.degreeType ? (
                        <span title={t(`teach.deg.type.${c.degreeType}`)}>{c.holder}</span>
                      ) : (
                        <Badge tone="success">{t('teach.deg.free')}</Badge>
                      ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
