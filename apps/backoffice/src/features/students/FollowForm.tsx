// Adding a follow record: on a student's details (the student fixed) and in the follow-up desk's
// dialog (the student picked). The contract's FollowInput checks the fields.
import { FollowInput, STUDENT_FOLLOW_NODES } from '@bo/api-sdk';
import {
  FormControl,
  FormDialog,
  FormSelect,
  FormTextArea,
  FormView,
  SubmitButton,
  FormDate,
} from '@bo/ui-kit';
import type { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useLocale, useT, type TFunction } from '../../i18n';
import { methodText, StudentPicker } from './parts';

type Values = z.input<typeof FollowInput>;

export const methodOptions = (t: TFunction) =>
  [1, 2, 3, 4].map((m) => ({ value: m, label: methodText(t, m) }));

function useNodeOptions() {
  const [locale] = useLocale();
  return STUDENT_FOLLOW_NODES.map((n) => ({ value: n.code, label: locale === 'en' ? n.nameEn : n.name }));
}

function useFollowForm(studentId: number | null, onDone: () => unknown) {
  const t = useT();
  const defaults: Values = {
    studentId: studentId ?? 0,
    node: 'weekly',
    method: 1,
    content: '',
    nextFollowAt: '',
  };
  return useCommandForm({
    schema: FollowInput,
    defaultValues: defaults,
    success: t('stu.follow.saved'),
    onSubmit: (body) => sdk.students.followAdd({ body }),
    onDone: (_r, _v, form) => {
      form.reset(defaults);
      return onDone();
    },
  });
}

function Fields({ form }: { form: ReturnType<typeof useFollowForm> }) {
  const t = useT();
  const nodes = useNodeOptions();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormSelect form={form} name="node" label={t('stu.follow.node')} options={nodes} />
        <FormSelect form={form} name="method" label={t('stu.follow.method')} options={methodOptions(t)} />
        <FormDate form={form} name="nextFollowAt" label={t('stu.follow.next')} />
      </div>
      <FormTextArea form={form} name="content" label={t('stu.follow.content')} rows={3} />
    </>
  );
}

/** The form on a student's details: the student is given. */
export function FollowForm({ studentId, onDone }: { studentId: number; onDone?: () => unknown }) {
  const t = useT();
  const form = useFollowForm(studentId, () => onDone?.());
  return (
    <FormView form={form} aria-label={t('stu.follow.addTitle')}>
      <Fields form={form} />
      <div className="flex justify-end">
        <SubmitButton form={form}>{t('stu.follow.add')}</SubmitButton>
      </div>
    </FormView>
  );
}

/** The follow-up desk's dialog: pick the student, then the record. */
export function FollowDialog({
  open,
  onClose,
  studentId,
}: {
  open: boolean;
  onClose: () => void;
  studentId: number | null;
}) {
  const t = useT();
  const form = useFollowForm(studentId, onClose);
  return (
    <FormDialog form={form} open={open} onClose={onClose} title={t('stu.follow.addTitle')} size="lg">
      <FormControl
        form={form}
        name="studentId"
        label={t('stu.pick')}
        render={(c) => (
          <StudentPicker
            value={typeof c.value === 'number' && c.value > 0 ? c.value : null}
            onChange={(id) => c.onChange(id ?? 0)}
            error={c.error}
          />
        )}
      />
      <Fields form={form} />
    </FormDialog>
  );
}
