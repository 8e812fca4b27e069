// An approval screen with the form that files a request of its kind above it (transfer school, paper
// contracts, supplements, service time): the button opens the form, a filed request refreshes the list.
import { Button, RecordFormDialog, type FormField } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  ApprovalScreen,
  type ApprovalDetailBase,
  type ApprovalRowBase,
  type ApprovalScreenDef,
} from '../orders/approvalScreen';

export function ApplyAndApprove<
  Row extends ApprovalRowBase,
  Detail extends ApprovalDetailBase,
  S extends z.ZodType<FieldValues>,
>({
  def,
  applyLabel,
  schema,
  fields,
  initialValues,
  submit,
  children,
}: {
  def: ApprovalScreenDef<Row, Detail>;
  applyLabel: string;
  schema: S;
  fields: readonly FormField<Extract<keyof z.input<S>, string>>[];
  initialValues?: Record<string, unknown>;
  submit: (values: z.output<S>) => Promise<unknown>;
  /** Shown above the form's fields (what stops a request now …). */
  children?: ReactNode;
}) {
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
            await submit(v);
            await qc.invalidateQueries();
            setOpen(false);
          }}
        >
          {children}
        </RecordFormDialog>
      )}
    </div>
  );
}
