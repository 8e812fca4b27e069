// The two attendance operations of one booked student: sign (a status and a remark; hours are
// consumed when the status consumes) and cancel a sign (a reason is required; the consumption is
// reversed exactly on the ledger).
import { ATTENDANCE_STATUSES, AttendanceStatus } from '@bo/api-sdk';
import { FormDialog, FormSelect, FormTextArea } from '@bo/ui-kit';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';

export interface SignTarget {
  lessonId: number;
  studentId: number;
  studentName: string;
  attendanceId: number | null;
}

const SignForm = z.object({ status: AttendanceStatus, remark: z.string().trim().max(200).default('') });
export const CancelForm = z.object({
  reason: z.string().trim().min(1, '请填写取消原因 / give the reason').max(200),
});

export function SignDialog({ target, onClose }: { target: SignTarget; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: SignForm,
    defaultValues: { status: 'present', remark: '' },
    onSubmit: (v) =>
      sdk.teaching.sign({
        body: { lessonId: target.lessonId, items: [{ studentId: target.studentId, ...v }] },
      }),
    success: t('teach.signedDone'),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('teach.signTitle', { name: target.studentName })}
      submitText={t('teach.sign')}
    >
      <FormSelect
        form={form}
        name="status"
        label={t('teach.attendance')}
        options={ATTENDANCE_STATUSES.map((v) => ({ value: v, label: t(`teach.status.${v}`) }))}
      />
      <FormTextArea form={form} name="remark" label={t('teach.remark')} rows={2} />
    </FormDialog>
  );
}

export function CancelSignDialog({ target, onClose }: { target: SignTarget; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: CancelForm,
    defaultValues: { reason: '' },
    onSubmit: (v) =>
      sdk.teaching.signCancel({ body: { attendanceId: target.attendanceId ?? 0, reason: v.reason } }),
    success: t('teach.signCancelled'),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('teach.cancelSignTitle', { name: target.studentName })}
      submitText={t('teach.cancelSign')}
      danger
    >
      <FormTextArea form={form} name="reason" label={t('teach.reason')} rows={3} />
    </FormDialog>
  );
}
