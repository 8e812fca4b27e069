// An approval screen with the form that files a request of its kind above it (transfer school, paper
// contracts, supplements, service time): the button opens the form, a filed request refreshes what
// its command changed (app/invalidation.ts), the list included.
import { Button, RecordFormDialog, type FormField } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { runCommand } from '../../app/invalidation';
import {
  ApprovalScreen,
  type ApprovalDetailBase,
  type ApprovalRowBase,
  type ApprovalScreenDef,
} from '../orders/approvalScreen';

/**
 * How a request is filed: `submit` makes its SDK call at once (before any await), so the refresh
 * follows what it changed. What must be read first (an order's id from its code) is `prepare`'s.
 */
type Filing<V, B> =
  | { prepare?: undefined; submit: (values: V) => Promise<unknown> }
  | { prepare: (values: V) => Promise<B>; submit: (body: B) => Promise<unknown> };

export function ApplyAndApprove<
  Row extends ApprovalRowBase,
  Detail extends ApprovalDetailBase,
  S extends z.ZodType<FieldValues>,
  B = never,
>({
  def,
  applyLabel,
  schema,
  fields,
  initialValues,
  children,
  ...filing
}: {
  def: ApprovalScreenDef<Row, Detail>;
  applyLabel: string;
  schema: S;
  fields: readonly FormField<Extract<keyof z.input<S>, string>>[];
  initialValues?: Record<string, unknown>;
  /** Shown above the form's fields (what stops a request now …). */
  children?: ReactNode;
} & Filing<z.output<S>, B>) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button variant="primary" onClick={() => setOpen(true)}>
          {applyLabel}
        </Button>
      </div>
      <ApprovalScreen def={def} />
      {open && (
        <RecordFormDialog
          open
          onClose={() => setOpen(false)}
          title={applyLabel}
          schema={schema}
          mode="create"
          {...(initialValues ? { initialValues } : {})}
          fields={fields}
          onSubmit={async (v) => {
            if (filing.prepare) {
              const body = await filing.prepare(v);
              const submit = filing.submit;
              await runCommand(qc, () => submit(body), def.key);
            } else {
              const submit = filing.submit;
              await runCommand(qc, () => submit(v), def.key);
            }
            setOpen(false);
          }}
        >
          {children}
        </RecordFormDialog>
      )}
    </div>
  );
}
