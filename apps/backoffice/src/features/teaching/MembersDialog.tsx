// The members of a group class: who is in it (with their remaining hours of its course), removing
// one (they leave its coming unsigned lessons too) and adding students of the campus who hold hours
// of the course (they are booked into its coming lessons; any conflict refuses the whole addition).
import type { TGroupClassRow } from '@bo/api-sdk';
import { Button, CheckGroup, Dialog, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runCommand } from '../../app/invalidation';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';

export function MembersDialog({ cls, onClose }: { cls: TGroupClassRow; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const members = useQuery({
    queryKey: ['teaching', 'classStudents', cls.id],
    queryFn: () => sdk.teaching.classStudents({ params: { id: cls.id } }),
  });
  const candidates = useQuery({
    queryKey: ['teaching', 'studentByAdvisor', cls.schoolItemCode, cls.courseCode],
    queryFn: () =>
      sdk.teaching.studentByAdvisor({
        query: { schoolItemCode: cls.schoolItemCode, courseCode: cls.courseCode },
      }),
  });
  const inClass = new Set((members.data ?? []).map((m) => m.studentId));
  const free = (candidates.data ?? []).filter((c) => !inClass.has(c.studentId));
  /** Runs a command of the class (its SDK call made at once) and refreshes what it changed. */
  const run = async (f: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, f);
      toast.success(done);
      setChosen([]);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      closeLabel={t('teach.close')}
      title={t('teach.membersTitle', { name: cls.name })}
      description={`${cls.courseName} · ${cls.teacherName} · ${t('teach.capacity')} ${cls.capacity}`}
      footer={
        <Button
          variant="primary"
          disabled={busy || !chosen.length}
          onClick={() =>
            void run(
              () => sdk.teaching.classAddStudents({ body: { classId: cls.id, studentIds: chosen } }),
              t('teach.added'),
            )
          }
        >
          {t('teach.addStudents')}
        </Button>
      }
    >
      <table className="w-full text-sm" aria-label={t('teach.members')}>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-1">
              {t('teach.student')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('teach.remaining')}
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(members.data ?? []).map((m) => (
            <tr key={m.studentId} className="border-t border-line">
              <td className="py-1">
                {m.studentName} <span className="text-muted">{m.studentCode}</span>
              </td>
              <td className="py-1 text-right">{m.remainingHours}</td>
              <td className="py-1 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`${t('teach.remove')} ${m.studentName}`}
                  onClick={() =>
                    window.confirm(t('teach.removeConfirm')) &&
                    void run(
                      () =>
                        sdk.teaching.classRemoveStudent({
                          body: { classId: cls.id, studentId: m.studentId },
                        }),
                      t('teach.removed'),
                    )
                  }
                >
                  {t('teach.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {members.isSuccess && !members.data.length && (
        <p className="py-2 text-sm text-muted">{t('teach.noMembers')}</p>
      )}
      <div className="mt-3">
        <CheckGroup<number>
          id={`class-${cls.id}-candidates`}
          label={t('teach.candidates')}
          loading={candidates.isLoading}
          value={chosen}
          onChange={setChosen}
          options={free.map((c) => ({
            value: c.studentId,
            label: `${c.studentName}（${c.studentCode}）${t('teach.remainingOf', { h: c.remainingHours })}`,
          }))}
        />
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {error}
        </p>
      )}
    </Dialog>
  );
}
