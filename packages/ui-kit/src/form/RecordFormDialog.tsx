// A create/edit dialog rendered from a zod object schema and a field layout: the list kit's dialog,
// built on the same schema-form kit as every bespoke form (same messages, server errors, conflicts).
import { useEffect, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { FieldShell } from '../components/fields.js';
import { Switch } from '../components/switch.js';
import { cx } from '../components/cx.js';
import { AmountInput } from '../inputs/AmountInput.js';
import { useListLabels } from '../list/labels.js';
import { FormDialog } from './FormParts.js';
import {
  FormCheckGroup,
  FormControl,
  FormDate,
  FormMonth,
  FormNumber,
  FormSelect,
  FormText,
  FormTextArea,
} from './fields.js';
import { useSchemaForm } from './useSchemaForm.js';

export interface FormOption {
  value: string | number;
  label: string;
}

export interface CustomFormFieldProps {
  id: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** The schema (or the field) says a value is needed: the control shows the mark. */
  required?: boolean;
  disabled?: boolean;
  /** The form's current values (for fields that depend on others, e.g. a rank within a category). */
  values: Record<string, unknown>;
}

interface Common<N extends string> {
  /** A field of the form's schema (a name the schema lacks fails the type check). */
  name: N;
  label: string;
  hint?: string;
  placeholder?: string;
  /** Overrides the mark read from the schema. */
  required?: boolean;
  /** Read-only when editing (codes, keys). */
  lockedOnEdit?: boolean;
  /** The system assigns it (a generated code): left out of a new record's form, read-only when editing. */
  assigned?: boolean;
  /** Takes the whole row of the two-column layout. */
  wide?: boolean;
}

/** The field names of a form schema. */
export type FieldName<S extends z.ZodType<FieldValues>> = Extract<keyof z.input<S>, string>;

export type FormField<N extends string = string> = Common<N> &
  (
    | { kind: 'text' | 'textarea' | 'date'; maxLength?: number }
    /** A month 'YYYY-MM' from the browser's month picker. */
    | { kind: 'month' }
    | { kind: 'number'; min?: number; max?: number; step?: number }
    /** Up to 7 integer digits and 2 decimals (spec §5); the value stays a string unless asNumber. */
    | { kind: 'amount'; asNumber?: boolean }
    | { kind: 'select'; options: readonly FormOption[] }
    | { kind: 'multiselect'; options: readonly FormOption[] }
    /** A boolean, or onValue/offValue (e.g. validstatus 1/0). */
    | { kind: 'switch'; onValue?: unknown; offValue?: unknown }
    | { kind: 'custom'; render: (p: CustomFormFieldProps) => ReactNode }
  );

export interface RecordFormDialogProps<S extends z.ZodType<FieldValues>> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  schema: S;
  fields: readonly FormField<FieldName<S>>[];
  /** The record being edited (with its version), or the defaults of a new one. */
  initialValues?: Record<string, unknown>;
  mode?: 'create' | 'edit';
  /** Saves; a rejection with a `field` ('body.code') marks that field, otherwise its message shows on top. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  size?: 'md' | 'lg' | 'xl';
  /** Shown above the fields. */
  children?: ReactNode;
}

const numericOptions = (o: readonly FormOption[]) =>
  o.length > 0 && o.every((x) => typeof x.value === 'number');

/** Record values as the form holds them: switches get their off value, multiselects a list. */
function toDefaults(fields: readonly FormField[], initialValues?: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...(initialValues ?? {}) };
  for (const f of fields) {
    const init = initialValues?.[f.name];
    if (f.kind === 'switch') out[f.name] = init ?? f.offValue ?? false;
    else if (f.kind === 'multiselect') out[f.name] = Array.isArray(init) ? init : [];
    else if (f.kind === 'text' || f.kind === 'textarea')
      out[f.name] = init === null || init === undefined ? '' : String(init);
    else if (f.kind === 'number' || (f.kind === 'select' && numericOptions(f.options)))
      // Records may carry numbers as text ('3'); the schema takes numbers.
      out[f.name] = init === null || init === undefined || init === '' ? undefined : Number(init);
    else out[f.name] = init ?? undefined;
  }
  return out;
}

export function RecordFormDialog<S extends z.ZodType<FieldValues>>({
  open,
  onClose,
  title,
  schema,
  fields,
  initialValues,
  mode = 'create',
  onSubmit,
  size = 'lg',
  children,
}: RecordFormDialogProps<S>) {
  const L = useListLabels();
  const form = useSchemaForm<z.ZodType<FieldValues, FieldValues>>({
    // The list kit's schemas take record values; their input side is not narrower than that.
    schema: schema as z.ZodType<FieldValues, FieldValues>,
    defaultValues: toDefaults(fields, initialValues) as DefaultValues<FieldValues>,
    onSubmit: (values) => onSubmit(values as z.output<S>),
  });
  const initKey = JSON.stringify(initialValues ?? {});
  const { reset } = form;
  useEffect(() => {
    if (open) reset(toDefaults(fields, initialValues));
    // Reset only when the dialog opens on a (new) record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initKey, reset]);

  const hasCustom = fields.some((f) => f.kind === 'custom');
  // Custom fields may depend on other fields: watch everything only when there are some.
  const watched = (hasCustom ? form.rhf.watch() : {}) as Record<string, unknown>;
  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      columns={2}
      submitText={L.save}
    >
      {children && <div className="sm:col-span-2">{children}</div>}
      {fields.map((f) => {
        if (mode === 'create' && f.assigned) return null;
        const name = f.name as Path<FieldValues>;
        const locked = mode === 'edit' && (f.lockedOnEdit || f.assigned);
        const wide = f.wide || f.kind === 'textarea' || f.kind === 'multiselect';
        const common = {
          form,
          name,
          label: f.label,
          hint: f.hint,
          required: f.required,
          disabled: locked,
          placeholder: f.placeholder,
        };
        let control: ReactNode;
        switch (f.kind) {
          case 'text':
            control = <FormText {...common} maxLength={f.maxLength} />;
            break;
          case 'date':
            control = <FormDate {...common} />;
            break;
          case 'month':
            control = <FormMonth {...common} />;
            break;
          case 'textarea':
            control = <FormTextArea {...common} maxLength={f.maxLength} />;
            break;
          case 'number':
            control = <FormNumber {...common} min={f.min} max={f.max} step={f.step} />;
            break;
          case 'select':
            control = <FormSelect {...common} options={f.options} />;
            break;
          case 'amount':
            control = (
              <FormControl
                {...common}
                render={(c) => (
                  <AmountInput
                    id={c.id}
                    label={c.label}
                    hint={f.hint}
                    error={c.error}
                    required={c.required}
                    disabled={c.disabled}
                    placeholder={f.placeholder ?? '0.00'}
                    value={c.value === undefined || c.value === null ? '' : String(c.value)}
                    onChange={(v) => c.onChange(v === '' ? undefined : f.asNumber ? Number(v) : v)}
                    onBlur={c.onBlur}
                    className="text-right"
                  />
                )}
              />
            );
            break;
          case 'switch': {
            const onValue = f.onValue ?? true;
            const offValue = f.offValue ?? false;
            control = (
              <FormControl
                {...common}
                render={(c) => (
                  <FieldShell id={`${c.id}-shell`} error={c.error} hint={f.hint}>
                    <Switch
                      label={c.label}
                      checked={c.value === onValue}
                      disabled={c.disabled}
                      onChange={(on) => c.onChange(on ? onValue : offValue)}
                    />
                  </FieldShell>
                )}
              />
            );
            break;
          }
          case 'multiselect':
            control = <FormCheckGroup {...common} options={f.options} />;
            break;
          case 'custom':
            // The renderer labels its control and shows `error` itself.
            control = (
              <FormControl
                {...common}
                render={(c) => (
                  <>
                    {f.render({
                      id: c.id,
                      label: c.label,
                      value: c.value,
                      onChange: c.onChange,
                      error: c.error,
                      required: c.required,
                      disabled: c.disabled,
                      values: watched,
                    })}
                  </>
                )}
              />
            );
            break;
        }
        return (
          <div key={f.name} className={cx(wide && 'sm:col-span-2')}>
            {control}
          </div>
        );
      })}
    </FormDialog>
  );
}
