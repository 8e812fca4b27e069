// Pieces the service screens share: the student field of their forms and the status cells.
import type { CustomFormFieldProps, Tone } from '@bo/ui-kit';
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

const INVOICE_TONE: Record<number, Tone> = {
  10: 'warning',
  20: 'info',
  30: 'success',
  40: 'danger',
  50: 'grey',
  60: 'grey',
  70: 'danger',
};

/** An invoice's state as a badge (the invoice screen and the order's invoice card). */
export function InvoiceStatus({ status }: { status: number }) {
  const t = useT();
  return (
    <Badge tone={INVOICE_TONE[status] ?? 'neutral'}>
      {tCode(t, `svc.invoice.status.${status}`, String(status))}
    </Badge>
  );
}
