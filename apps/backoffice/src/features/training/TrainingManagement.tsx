// /staffsalary/trainingManagement: a campus's trainings (subject, day, hours, trainer) with the staff
// invited, and the sign-in of who attended. Attended hours are an input of the teacher pay rule.
import { TrainingInput, TrainingSignInput, type TTrainingRow } from '@bo/api-sdk';
import { CheckGroup, FormCheckGroup, FormDialog, type CustomFormFieldProps } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCommandForm } from '../../app/form';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asFormField, asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';

/** The employees of the campus chosen above, as checkboxes. */
function AttendeesField(p: CustomFormFieldProps) {
  const t = useT();
  const campus = typeof p.values.schoolItemCode === 'string' ? p.values.schoolItemCode : '';
  const q = useQuery({
    queryKey: ['employees', 'codeAndName', campus],
    queryFn: () => sdk.employees.codeAndName({ query: { schoolItemCode: campus } }),
    enabled: campus !== '',
  });
  const options = (q.data ?? []).map((e) => ({ value: e.code, label: `${e.name} (${e.code})` }));
  if (!campus || (q.isSuccess && options.length === 0))
    return (
      <p id={p.id} className="text-sm text-muted">
        {p.label}: {campus ? t('train.noEmployees') : t('train.pickCampusFirst')}
      </p>
    );
  return (
    <CheckGroup<string>
      id={p.id}
      label={p.label}
      value={p.value}
      onChange={p.onChange}
      options={options}
      loading={q.isLoading}
      error={p.error}
      disabled={p.disabled}
    />
  );
}

function SignDialog({ row, onClose }: { row: TTrainingRow; onClose: () => void }) {
  const t = useT();
  const detail = useQuery({
    queryKey: ['training', 'detail', row.id],
    queryFn: () => sdk.training.detail({ params: { id: row.id } }),
  });
  const d = detail.data;
  const form = useCommandForm({
    schema: TrainingSignInput,
    values: d
      ? {
          id: d.id,
          version: d.version,
          attendedCodes: d.attendees.filter((a) => a.attended).map((a) => a.employeeCode),
        }
      : undefined,
    defaultValues: { id: row.id, version: row.version, attendedCodes: [] },
    onSubmit: (body) => sdk.training.sign({ body }),
    success: t('train.signed'),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('train.signTitle', { subject: row.subject, date: row.trainingDate })}
    >
      <p className="text-sm text-muted">{t('train.signHint')}</p>
      {d && d.attendees.length === 0 ? (
        <p className="text-sm">{t('train.noAttendees')}</p>
      ) : (
        <FormCheckGroup
          form={form}
          name="attendedCodes"
          label={t('train.attendees')}
          options={(d?.attendees ?? []).map((a) => ({
            value: a.employeeCode,
            label: `${a.employeeName ?? ''} (${a.employeeCode})`,
          }))}
        />
      )}
    </FormDialog>
  );
}

export default function TrainingManagement() {
  const [signing, setSigning] = useState<TTrainingRow | null>(null);
  const def = useMemo<ListScreenDef<TTrainingRow, typeof TrainingInput>>(
    () => ({
      key: 'trainings',
      what: (t) => t('train.training'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.subject,
      searchFields: (t) => [
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: t('train.campus'),
          render: asSearchField(CampusMasterSelect),
        },
        { kind: 'text', name: 'subject', label: t('train.subject') },
        { kind: 'dateRange', name: 'period', label: t('train.period'), startName: 'from', endName: 'to' },
      ],
      columns: (t) => [
        { id: 'trainingDate', header: t('train.date'), fixed: true },
        { id: 'subject', header: t('train.subject') },
        { id: 'schoolItemName', header: t('train.campus') },
        { id: 'hours', header: t('train.hours'), align: 'right' },
        { id: 'trainer', header: t('train.trainer') },
        {
          id: 'attendance',
          header: t('train.attendance'),
          align: 'right',
          value: (r) => `${r.attendedCount} / ${r.attendeeCount}`,
        },
        { id: 'remark', header: t('train.remark') },
      ],
      list: (a) => sdk.training.list({ query: listQuery(a) }),
      form: {
        schema: TrainingInput,
        defaults: (f) => ({
          schoolItemCode: f.schoolItemCode ?? '',
          subject: '',
          trainer: '',
          remark: '',
          attendeeCodes: [],
        }),
        toForm: (r) => ({
          id: r.id,
          version: r.version,
          schoolItemCode: r.schoolItemCode,
          subject: r.subject,
          trainingDate: r.trainingDate,
          hours: r.hours,
          trainer: r.trainer,
          remark: r.remark,
          attendeeCodes: r.attendeeCodes,
        }),
        fields: (t) => [
          {
            kind: 'custom',
            name: 'schoolItemCode',
            label: t('train.campus'),
            render: asFormField(CampusMasterSelect),
          },
          { kind: 'text', name: 'subject', label: t('train.subject'), maxLength: 100 },
          { kind: 'date', name: 'trainingDate', label: t('train.date') },
          { kind: 'number', name: 'hours', label: t('train.hours'), min: 0.5, max: 24, step: 0.5 },
          { kind: 'text', name: 'trainer', label: t('train.trainer'), maxLength: 50 },
          { kind: 'textarea', name: 'remark', label: t('train.remark'), maxLength: 500, wide: true },
          {
            kind: 'custom',
            name: 'attendeeCodes',
            label: t('train.attendees'),
            render: AttendeesField,
            wide: true,
          },
        ],
        save: (body) => sdk.training.save({ body }),
      },
      remove: { call: (r) => sdk.training.remove({ body: { id: r.id, version: r.version } }) },
      rowActions: (t) => [{ key: 'sign', label: t('train.sign'), onClick: (r) => setSigning(r) }],
    }),
    [],
  );
  return (
    <>
      <ListScreenView def={def} />
      {signing && <SignDialog row={signing} onClose={() => setSigning(null)} />}
    </>
  );
}
