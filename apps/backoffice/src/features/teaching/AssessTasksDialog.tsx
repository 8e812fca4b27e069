// A group class's assessment tasks (spec §7 "groupclass assess tasks"), opened from the class on
// /education/teamCourse (and, for the assessor, from the class's lesson on the week view): the tasks
// with members done of all, a new task (scale, assessor — the class's teacher unless chosen
// otherwise —, due day; planners only), and a task's members, each pending or done, where a pending
// member's result is recorded on the scale's items. Every result is the member's assessment, the
// same record the assessment screens show.
import type { TAssessScaleRow, TAssessTaskDetail, TAssessTaskMember, TGroupClassRow } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { Badge, Button, Dialog, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runCommand } from '../../app/invalidation';
import { TeacherSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { answersOf, inputsOf, totalOf, type ScoreInputs } from './assessmentForm';

const input = 'h-8 rounded-md border border-line px-2 text-sm text-ink';

/** The class a task list is of: a group-class row, or the class of a lesson on the week view. */
export type TaskClass = Pick<
  TGroupClassRow,
  'id' | 'name' | 'schoolItemCode' | 'teacherCode' | 'courseName' | 'teacherName'
>;

export function AssessTasksDialog({ cls, onClose }: { cls: TGroupClassRow; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      closeLabel={t('teach.close')}
      title={t('teach.task.title', { name: cls.name })}
      description={`${cls.courseName} · ${cls.teacherName}`}
    >
      <ClassTasks cls={cls} canCreate />
    </Dialog>
  );
}

/** One task opened from the task list (/education/assessTask): its members, recording, cancelling. */
export function TaskDialog({
  id,
  title,
  canCancel,
  onClose,
}: {
  id: number;
  title: string;
  canCancel: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const scales = useQuery({ queryKey: ['assessScaleAll'], queryFn: () => sdk.clueSettings.assessScaleAll() });
  return (
    <Dialog open onClose={onClose} size="lg" closeLabel={t('teach.close')} title={title}>
      <TaskMembers id={id} scales={scales.data ?? []} canCancel={canCancel} />
    </Dialog>
  );
}

/**
 * A class's tasks (for an assessor without the planner screens, the server answers only theirs),
 * a new task when `canCreate`, and the opened task's members. `quiet`: nothing at all while the
 * class has no task (the week view's lesson).
 */
export function ClassTasks({
  cls,
  canCreate,
  quiet,
}: {
  cls: TaskClass;
  canCreate: boolean;
  quiet?: boolean;
}) {
  const t = useT();
  const qc = useQueryClient();
  const toast = useToast();
  const [openId, setOpenId] = useState<number | null>(null);
  const [scaleCode, setScaleCode] = useState('');
  const [assessor, setAssessor] = useState<string>(cls.teacherCode);
  const [due, setDue] = useState(() => shanghaiDate(new Date(Date.now() + 7 * 86_400_000)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scales = useQuery({ queryKey: ['assessScaleAll'], queryFn: () => sdk.clueSettings.assessScaleAll() });
  const tasks = useQuery({
    queryKey: ['teaching', 'assessTasks', cls.id],
    queryFn: () =>
      sdk.teaching.assessTaskList({
        query: { schoolItemCode: cls.schoolItemCode, classId: cls.id, pageSize: 100 },
      }),
  });
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const d = await runCommand(qc, () =>
        sdk.teaching.assessTaskSave({
          body: { classId: cls.id, scaleCode, assessorCode: assessor, dueDate: due },
        }),
      );
      toast.success(t('teach.task.created'));
      setOpenId(d.id);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  if (quiet && !tasks.data?.list.length) return null;

  return (
    <div>
      <table className="w-full text-sm" aria-label={t('teach.task.list')}>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col">{t('teach.asm.scale')}</th>
            <th scope="col">{t('teach.asm.assessor')}</th>
            <th scope="col">{t('teach.task.due')}</th>
            <th scope="col">{t('teach.task.progress')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(tasks.data?.list ?? []).map((x) => (
            <tr key={x.id} className="border-t border-line">
              <td className="py-1">{x.scaleName}</td>
              <td>{x.assessorName}</td>
              <td>{x.dueDate}</td>
              <td>{t('teach.task.doneOf', { done: x.doneCount, all: x.memberCount })}</td>
              <td className="text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${t('teach.task.open')} ${x.scaleName} ${x.dueDate}`}
                  onClick={() => setOpenId(x.id)}
                >
                  {t('teach.task.open')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {tasks.isSuccess && !tasks.data.list.length && (
        <p className="py-2 text-sm text-muted">{t('teach.task.none')}</p>
      )}

      {canCreate && (
        <fieldset className="mt-3 grid grid-cols-1 gap-2 border-t border-line pt-3 sm:grid-cols-4">
          <legend className="text-xs font-medium text-ink-2">{t('teach.task.new')}</legend>
          <label className="flex flex-col gap-1 text-xs text-ink-2">
            {t('teach.asm.scale')}
            <select className={input} value={scaleCode} onChange={(e) => setScaleCode(e.target.value)}>
              <option value="">{t('teach.task.choose')}</option>
              {(scales.data ?? []).map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-col gap-1 text-xs text-ink-2">
            <TeacherSelect
              id={`task-${cls.id}-assessor`}
              label={t('teach.asm.assessor')}
              schoolItemCode={cls.schoolItemCode}
              value={assessor}
              onChange={(v) => setAssessor(String(v))}
            />
          </div>
          <label className="flex flex-col gap-1 text-xs text-ink-2">
            {t('teach.task.due')}
            <input type="date" className={input} value={due} onChange={(e) => setDue(e.target.value)} />
          </label>
          <div className="flex items-end">
            <Button
              variant="primary"
              disabled={busy || !scaleCode || !assessor}
              onClick={() => void create()}
            >
              {t('teach.task.create')}
            </Button>
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {error}
        </p>
      )}
      {openId !== null && <TaskMembers id={openId} scales={scales.data ?? []} canCancel={canCreate} />}
    </div>
  );
}

function TaskMembers({
  id,
  scales,
  canCancel,
}: {
  id: number;
  scales: readonly TAssessScaleRow[];
  /** The planner's privilege (/education/teamCourse): a wrong task may be cancelled. */
  canCancel: boolean;
}) {
  const t = useT();
  const [recording, setRecording] = useState<number | null>(null);
  const task = useQuery({
    queryKey: ['teaching', 'assessTask', id],
    queryFn: () => sdk.teaching.assessTaskInfo({ query: { id } }),
  });
  if (!task.data) return null;
  const d = task.data;
  const scale = scales.find((s) => s.code === d.scaleCode);
  return (
    <section
      className="mt-4 border-t border-line pt-3"
      aria-label={t('teach.task.members', { name: d.scaleName })}
    >
      <h3 className="mb-2 text-sm font-semibold text-ink">
        {t('teach.task.members', { name: d.scaleName })} ·{' '}
        {t('teach.task.doneOf', { done: d.doneCount, all: d.memberCount })}
        {d.state === 'cancelled' && (
          <Badge tone="neutral" className="ml-2">
            {t('teach.task.state.cancelled')}
          </Badge>
        )}
      </h3>
      {d.state === 'cancelled' && (
        <p className="mb-2 text-sm text-muted">
          {t('teach.task.cancelledBecause', { reason: d.cancelReason })}
        </p>
      )}
      <table className="w-full text-sm" aria-label={t('teach.task.memberList')}>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col">{t('teach.student')}</th>
            <th scope="col">{t('teach.asm.status')}</th>
            <th scope="col">{t('teach.asm.score')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {d.members.map((m) => (
            <tr key={m.studentId} className="border-t border-line">
              <td className="py-1">
                {m.studentName} <span className="text-muted">{m.studentCode}</span>
                {!m.inClass && <span className="ml-1 text-xs text-muted">{t('teach.task.left')}</span>}
              </td>
              <td>
                <Badge tone={m.status === 'submitted' ? 'success' : 'warning'}>
                  {m.status === 'submitted' ? t('teach.task.done') : t('teach.task.pending')}
                </Badge>
              </td>
              <td>{m.score ?? '—'}</td>
              <td className="text-right">
                {m.status === 'draft' && d.state !== 'cancelled' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${t('teach.task.record')} ${m.studentName}`}
                    onClick={() => setRecording(m.studentId)}
                  >
                    {t('teach.task.record')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {recording !== null && scale && (
        <RecordForm
          key={recording}
          task={d}
          member={d.members.find((m) => m.studentId === recording)}
          items={scale.items}
          onDone={() => setRecording(null)}
        />
      )}
      {canCancel && d.state !== 'cancelled' && <CancelTask task={d} />}
    </section>
  );
}

/** Cancelling a wrong task: a reason, the version read; pending assessments are withdrawn. */
function CancelTask({ task }: { task: TAssessTaskDetail }) {
  const t = useT();
  const qc = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('teach.task.cancelTask')}
        </Button>
      </div>
    );
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, () =>
        sdk.teaching.assessTaskCancel({ body: { id: task.id, version: task.version, reason } }),
      );
      toast.success(t('teach.task.cancelled'));
      setOpen(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mt-3 rounded-md border border-line p-3"
      aria-label={t('teach.task.cancelTask')}
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
    >
      <p className="mb-2 text-sm text-muted">{t('teach.task.cancelHint')}</p>
      <label className="flex flex-col gap-1 text-xs text-ink-2">
        {t('teach.task.cancelReason')}
        <input className={input} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {error}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('teach.task.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={busy || !reason.trim()}>
          {t('teach.task.confirmCancel')}
        </Button>
      </div>
    </form>
  );
}

function RecordForm({
  task,
  member,
  items,
  onDone,
}: {
  task: TAssessTaskDetail;
  member: TAssessTaskMember | undefined;
  items: TAssessScaleRow['items'];
  onDone: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const toast = useToast();
  const [inputs, setInputs] = useState<ScoreInputs>(() => inputsOf(member?.answers ?? []));
  const [conclusion, setConclusion] = useState(member?.conclusion ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!member) return null;
  const answers = answersOf(items, inputs);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, () =>
        sdk.teaching.assessTaskRecord({
          body: {
            taskId: task.id,
            studentId: member.studentId,
            version: member.version,
            assessedOn: shanghaiDate(new Date()),
            answers,
            conclusion,
            submit: true,
          },
        }),
      );
      toast.success(t('teach.task.recorded'));
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mt-3 rounded-md border border-line p-3"
      aria-label={t('teach.task.recordOf', { name: member.studentName })}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-4">
        {items.map((item) => (
          <label key={item.name} className="flex flex-col gap-1 text-xs text-ink-2">
            {t('teach.asm.itemScore', { name: item.name, max: item.maxScore })}
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={item.maxScore}
              step={1}
              className={input}
              value={inputs[item.name] ?? ''}
              onChange={(e) => setInputs({ ...inputs, [item.name]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <p className="mt-2 text-sm font-medium" role="status">
        {t('teach.asm.total', { n: totalOf(answers) })}
      </p>
      <label className="mt-2 flex flex-col gap-1 text-xs text-ink-2">
        {t('teach.asm.conclusion')}
        <textarea
          className="rounded-md border border-line px-2 py-1 text-sm text-ink"
          maxLength={2000}
          value={conclusion}
          onChange={(e) => setConclusion(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {error}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('teach.task.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('teach.task.submit')}
        </Button>
      </div>
    </form>
  );
}
