// Pieces the service screens share: the student field of their forms and the status cells.
import type { CustomFormFieldProps } from '@bo/ui-kit';
import { Badge } from '@bo/ui-kit';
import { tCode, useT } from '../../i18n';
import { StudentPicker } from '../orders/StudentPicker';

/** A form's studentId field: picks a student of the caller's campuses by name, code or phone. */
export function StudentField(p: CustomFormFieldProps) {
  return (
    <StudentPicker
      id={p.id}
      label={p.label}
      value={typeof p.value === 'number' ? p.value : undefined}
      onPick={(s) => p.onChange(s?.id)}
      {...(p.error ? { error: p.error } : {})}
      required
    />
  );
}

const TONE: Record<number, 'neutral' | 'success' | 'danger' | 'warning'> = {
  10: 'warning',
  20: 'success',
  30: 'danger',
  40: 'neutral',
  50: 'neutral',
};

/** A request's own status (10 awaiting … 50 withdrawn) under a message prefix. */
export function StateBadge({ status, prefix = 'svc.state' }: { status: number; prefix?: string }) {
  const t = useT();
  return <Badge tone={TONE[status] ?? 'neutral'}>{tCode(t, `${prefix}.${status}`, String(status))}</Badge>;
}
