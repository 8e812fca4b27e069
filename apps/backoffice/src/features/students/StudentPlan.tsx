// The student detail's tab 个训计划 / Individual plan: the targets chosen for the child from the
// teaching-plan library, each with its latest progress; adding a target (course type → target →
// strategies), changing its strategies, baseline, goal and dates, recording a lesson's progress,
// changing a target's status, and the chart of a target's progress over time. The server decides who
// may do what (plans.edit / plans.record); each button shows only to those it would let through.
// Below, the child's assessments (entrance evaluations, teaching assessments, task results).
import {
  PLAN_EDIT,
  PLAN_RECORD,
  PlanProgressInput,
  StudentPlanStatusInput,
  StudentPlanTargetInput,
  type TPlanTargetAction,
  type TStudentPlanTargetRow,
} from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  FormCheckGroup,
  FormControl,
  FormDate,
  FormDialog,
  FormNumber,
  FormText,
  FormTextArea,
  Spinner,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinesChart } from '@bo/ui-kit/charts';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { useHolds } from '../../app/permissions';
import { DictSelect, PlanTargetSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';

const COURSE_TYPE_DICT = 'assist_course_type';
const today = () => shanghaiDate(new Date());

const ACTIONS_FROM: Record<TStudentPlanTargetRow['status'], TPlanTargetAction[]> = {
  active: ['achieve', 'pause', 'stop'],
  paused: ['resume', 'stop'],
  achieved: [],
  stopped: [],
};
const TONE = { active: 'info', achieved: 'success', paused: 'warning', stopped: 'neutral' } as const;

/** The add form: the body plus the course type, which only narrows the targets offered. */
const AddTarget = StudentPlanTargetInput.omit({ id: true, version: true }).extend({
  courseTypeCode: z.string().trim().min(1, '请选择课程类型 / the course type is required'),
});

/** The valid strategies of a library target (the check list of the add and edit forms). */
function useStrategies(targetId: number) {
  return useQuery({
    queryKey: ['master', 'teaching', 'planStrategies', targetId],
    queryFn: async () =>
      (await sdk.teaching.planStrategyList({ query: { targetId, status: 1, pageIdx: 1, pageSize: 100 } }))
        .list,
    enabled: targetId > 0,
  });
}

function AddTargetDialog({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: AddTarget,
    defaultValues: {
      studentId,
      courseTypeCode: '',
      strategyIds: [],
      baseline: '',
      goal: '',
      startOn: today(),
    },
    onSubmit: ({ courseTypeCode: _type, ...body }) => sdk.teaching.studentPlanTargetSave({ body }),
    success: t('stu.plan.added'),
    onDone: onClose,
  });
  const courseTypeCode = String(form.rhf.watch('courseTypeCode') ?? '');
  const targetId = Number(form.rhf.watch('targetId') ?? 0);
  const strategies = useStrategies(targetId);
  return (
    <FormDialog form={form} onClose={onClose} title={t('stu.plan.add')} size="lg">
      <FormControl
        form={form}
        name="courseTypeCode"
        label={t('stu.plan.courseType')}
        render={(c) => (
          <DictSelect
            {...c}
            value={typeof c.value === 'string' ? c.value : ''}
            dictType={COURSE_TYPE_DICT}
            onChange={(v) => {
              c.onChange(v);
              form.rhf.setValue('targetId', 0);
              form.rhf.setValue('strategyIds', []);
            }}
          />
        )}
      />
      <FormControl
        form={form}
        name="targetId"
        label={t('stu.plan.target')}
        render={(c) => (
          <PlanTargetSelect
            {...c}
            value={c.value ? Number(c.value) : ''}
            courseTypeCode={courseTypeCode}
            disabled={!courseTypeCode}
            onChange={(v) => {
              c.onChange(v === '' ? undefined : Number(v));
              form.rhf.setValue('strategyIds', []);
            }}
          />
        )}
      />
      {targetId > 0 && (
        <FormCheckGroup
          form={form}
          name="strategyIds"
          label={t('stu.plan.strategies')}
          options={(strategies.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      )}
      <FormText form={form} name="baseline" label={t('stu.plan.baseline')} maxLength={200} />
      <FormText form={form} name="goal" label={t('stu.plan.goal')} maxLength={200} />
      <FormDate form={form} name="startOn" label={t('stu.plan.startOn')} />
      <FormDate form={form} name="expectedEndOn" label={t('stu.plan.expectedEndOn')} />
    </FormDialog>
  );
}

/** Changes a target in work: its strategies, baseline, goal and dates (the target stays; version checked). */
function EditTargetDialog({ row, onClose }: { row: TStudentPlanTargetRow; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: StudentPlanTargetInput,
    defaultValues: {
      id: row.id,
      version: row.version,
      studentId: row.studentId,
      targetId: row.targetId,
      strategyIds: row.strategyIds,
      baseline: row.baseline,
      goal: row.goal,
      startOn: row.startOn,
      expectedEndOn: row.expectedEndOn ?? undefined,
    },
    onSubmit: (body) => sdk.teaching.studentPlanTargetSave({ body }),
    success: t('stu.plan.saved'),
    onDone: onClose,
  });
  const strategies = useStrategies(row.targetId);
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`${t('stu.plan.edit')}：${row.targetName}`}
      description={row.mastery ?? undefined}
      size="lg"
    >
      <FormCheckGroup
        form={form}
        name="strategyIds"
        label={t('stu.plan.strategies')}
        options={(strategies.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
      />
      <FormText form={form} name="baseline" label={t('stu.plan.baseline')} maxLength={200} />
      <FormText form={form} name="goal" label={t('stu.plan.goal')} maxLength={200} />
      <FormDate form={form} name="startOn" label={t('stu.plan.startOn')} />
      <FormDate form={form} name="expectedEndOn" label={t('stu.plan.expectedEndOn')} />
    </FormDialog>
  );
}

function ProgressDialog({ row, onClose }: { row: TStudentPlanTargetRow; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: PlanProgressInput,
    defaultValues: { planTargetId: row.id, version: row.version, on: today(), note: '' },
    onSubmit: (body) => sdk.teaching.studentPlanProgressSave({ body }),
    success: t('stu.plan.recorded'),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`${t('stu.plan.record')}：${row.targetName}`}
      description={row.mastery ?? undefined}
    >
      <FormDate form={form} name="on" label={t('stu.plan.on')} max={today()} />
      <FormNumber form={form} name="score" label={t('stu.plan.score')} min={0} max={100} />
      <FormTextArea form={form} name="note" label={t('stu.plan.note')} />
    </FormDialog>
  );
}

function StatusDialog({
  row,
  action,
  onClose,
}: {
  row: TStudentPlanTargetRow;
  action: TPlanTargetAction;
  onClose: () => void;
}) {
  const t = useT();
  const form = useCommandForm({
    schema: StudentPlanStatusInput,
    defaultValues: { id: row.id, version: row.version, action, on: today() },
    onSubmit: (body) => sdk.teaching.studentPlanTargetStatus({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`${t(`stu.plan.action.${action}`)}：${row.targetName}`}
      submitText={t(`stu.plan.action.${action}`)}
      danger={action === 'stop'}
    >
      <FormDate form={form} name="on" label={t('stu.plan.statusOn')} max={today()} />
    </FormDialog>
  );
}

function ProgressChart({ row }: { row: TStudentPlanTargetRow }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['teaching', 'planProgress', row.id, row.version],
    queryFn: () => sdk.teaching.studentPlanProgress({ query: { planTargetId: row.id } }),
  });
  const title = `${t('stu.plan.chart')}：${row.targetName}`;
  if (!q.data) return <Spinner />;
  return (
    <Card title={title}>
      {q.data.length === 0 ? (
        <EmptyState title={t('stu.plan.noProgress')} />
      ) : (
        <figure aria-label={title} className="m-0">
          <LinesChart
            data={q.data.map((p) => ({ on: p.on, score: p.score }))}
            x="on"
            series={[{ key: 'score', name: t('stu.plan.score') }]}
            yDomain={[0, 100]}
            integers
            legend={false}
            height={240}
          />
          <figcaption className="mt-2 text-xs text-muted">
            {q.data.map((p) => `${p.on} ${p.score}`).join(' · ')}
          </figcaption>
        </figure>
      )}
    </Card>
  );
}

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; row: TStudentPlanTargetRow }
  | { kind: 'progress'; row: TStudentPlanTargetRow }
  | { kind: 'status'; row: TStudentPlanTargetRow; action: TPlanTargetAction }
  | null;

export function StudentPlan({ studentId }: { studentId: number }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['teaching', 'studentPlan', studentId],
    queryFn: () => sdk.teaching.studentPlan({ query: { studentId } }),
  });
  const [open, setOpen] = useState<Open>(null);
  // Each action shows only to whom the server allows it (plans.edit changes, plans.record records).
  const canEdit = useHolds(PLAN_EDIT);
  const canRecord = useHolds(PLAN_RECORD) || canEdit;
  const [charted, setCharted] = useState<number | null>(null);
  const rows = q.data ?? [];
  const chartRow = rows.find((r) => r.id === charted) ?? null;
  const close = () => setOpen(null);
  return (
    <div className="space-y-4">
      {canEdit && (
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
            {t('stu.plan.add')}
          </Button>
        </div>
      )}
      {q.isError ? (
        <EmptyState title={t('stu.plan.denied')} />
      ) : !q.data ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={t('stu.plan.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t('stu.tab.plan')}>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line text-left">
                {[
                  t('stu.plan.courseType'),
                  t('stu.plan.target'),
                  t('stu.plan.strategies'),
                  t('stu.plan.baseline'),
                  t('stu.plan.goal'),
                  t('stu.plan.period'),
                  t('stu.plan.status'),
                  t('stu.plan.latest'),
                  t('stu.plan.actions'),
                ].map((h) => (
                  <th key={h} scope="col" className="py-1.5 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-line align-top last:border-0">
                  <td className="py-1.5 pr-3">{r.courseTypeName}</td>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    <div className="text-ink">{r.targetName}</div>
                    <div className="text-xs text-muted">
                      {r.targetCode}
                      {r.domain ? ` · ${r.domain}` : ''}
                    </div>
                  </th>
                  <td className="py-1.5 pr-3">{r.strategyNames.join('、') || '—'}</td>
                  <td className="py-1.5 pr-3">{r.baseline}</td>
                  <td className="py-1.5 pr-3">{r.goal}</td>
                  <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
                    {r.startOn} ~ {r.expectedEndOn ?? ''}
                  </td>
                  <td className="py-1.5 pr-3">
                    <Badge tone={TONE[r.status]}>{t(`stu.plan.status.${r.status}`)}</Badge>
                    {r.statusOn && r.status !== 'active' && (
                      <div className="text-xs text-muted tabular-nums">{r.statusOn}</div>
                    )}
                  </td>
                  <td className="py-1.5 pr-3 tabular-nums">
                    {r.latestScore === null ? '—' : `${r.latestScore}（${r.latestOn ?? ''}）`}
                    <div className="text-xs text-muted">
                      {t('stu.plan.count')}: {r.progressCount}
                    </div>
                  </td>
                  <td className="py-1.5 pr-3">
                    <div className="flex flex-wrap gap-1">
                      {canRecord && r.status === 'active' && (
                        <Button
                          size="sm"
                          aria-label={`${t('stu.plan.record')} ${r.targetName}`}
                          onClick={() => setOpen({ kind: 'progress', row: r })}
                        >
                          {t('stu.plan.record')}
                        </Button>
                      )}
                      {canEdit && (r.status === 'active' || r.status === 'paused') && (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`${t('stu.plan.edit')} ${r.targetName}`}
                          onClick={() => setOpen({ kind: 'edit', row: r })}
                        >
                          {t('stu.plan.edit')}
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-pressed={charted === r.id}
                        onClick={() => setCharted(charted === r.id ? null : r.id)}
                      >
                        {t('stu.plan.chart')}
                      </Button>
                      {(canEdit ? ACTIONS_FROM[r.status] : []).map((a) => (
                        <Button
                          key={a}
                          size="sm"
                          variant="ghost"
                          onClick={() => setOpen({ kind: 'status', row: r, action: a })}
                        >
                          {t(`stu.plan.action.${a}`)}
                        </Button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chartRow && <ProgressChart row={chartRow} />}
      <PlanAssessments studentId={studentId} />
      {open?.kind === 'add' && <AddTargetDialog studentId={studentId} onClose={close} />}
      {open?.kind === 'edit' && <EditTargetDialog row={open.row} onClose={close} />}
      {open?.kind === 'progress' && <ProgressDialog row={open.row} onClose={close} />}
      {open?.kind === 'status' && <StatusDialog row={open.row} action={open.action} onClose={close} />}
    </div>
  );
}

/**
 * Every assessment of the child (assist2 entrance evaluation on the teaching side): the entrance
 * evaluations of the clue it came from, assessments of the teaching staff and group-class task
 * results, one record kind, newest first.
 */
function PlanAssessments({ studentId }: { studentId: number }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['teaching', 'studentAssessments', studentId],
    queryFn: () => sdk.teaching.studentAssessments({ query: { studentId } }),
  });
  if (q.isError) return null;
  const rows = q.data ?? [];
  return (
    <section aria-label={t('stu.plan.assessments')} className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">{t('stu.plan.assessments')}</h3>
      {!q.data ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={t('stu.plan.assess.none')} />
      ) : (
        <table className="w-full text-sm" aria-label={t('stu.plan.assessments')}>
          <thead className="text-xs text-muted">
            <tr className="border-b border-line text-left">
              {[
                t('stu.plan.assess.date'),
                t('stu.plan.assess.scale'),
                t('stu.plan.assess.kind'),
                t('stu.plan.assess.score'),
                t('stu.plan.assess.status'),
                t('stu.plan.assess.assessor'),
              ].map((h) => (
                <th key={h} scope="col" className="py-1.5 pr-3 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} className="border-b border-line last:border-0">
                <td className="py-1.5 pr-3 tabular-nums">{a.assessedOn}</td>
                <td className="py-1.5 pr-3">{a.scaleName}</td>
                <td className="py-1.5 pr-3">{t(`stu.plan.assess.origin.${a.origin}`)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{a.score ?? '—'}</td>
                <td className="py-1.5 pr-3">
                  <Badge tone={a.status === 'submitted' ? 'success' : 'warning'}>
                    {t(`stu.plan.assess.status.${a.status}`)}
                  </Badge>
                </td>
                <td className="py-1.5 pr-3">{a.assessorName || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
