// A create/edit dialog rendered from a zod object schema and a field layout: validates with
// zodResolver, shows each field's error, and places a server refusal on the field it names.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { FieldShell, Select, Switch, TextArea, TextField } from '../components/fields.js';
import { cx } from '../components/cx.js';
import { AmountInput } from '../inputs/AmountInput.js';
import { useListLabels } from '../list/labels.js';
import { errorMessage, serverErrorField } from './serverError.js';

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
  disabled?: boolean;
  /** The form's current values (for fields that depend on others, e.g. a rank within a category). */
  values: Record<string, unknown>;
}

interface Common {
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
  /** Read-only when editing (codes, keys). */
  lockedOnEdit?: boolean;
  /** Takes the whole row of the two-column layout. */
  wide?: boolean;
}

export type FormField = Common &
  (
    | { kind: 'text' | 'textarea' | 'date'; maxLength?: number }
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
  fields: readonly FormField[];
  /** The record being edited (with its version), or the defaults of a new one. */
  initialValues?: Record<string, unknown>;
  mode?: 'create' | 'edit';
  /** Saves; a rejection with a `field` ('body.code') marks that field, otherwise its message shows on top. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  size?: 'md' | 'lg' | 'xl';
  /** Shown above the fields. */
  children?: ReactNode;
}

function toFormValue(field: FormField, v: unknown): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'date':
    case 'amount':
    case 'number':
      return v === null || v === undefined ? '' : String(v);
    case 'multiselect':
      return Array.isArray(v) ? v : [];
    case 'switch':
      return v;
    default:
      return v ?? '';
  }
}

/** Form strings back to what the schema expects: numbers for number fields, null-free. */
function fromFormValue(field: FormField, v: unknown): unknown {
  if (field.kind === 'number') return v === '' || v === undefined ? undefined : Number(v);
  // An empty date is no date (date schemas are optional patterns, not empty strings).
  if (field.kind === 'date') return v === '' ? undefined : v;
  if (field.kind === 'amount')
    return v === '' || v === undefined ? undefined : field.asNumber ? Number(v) : v;
  if (field.kind === 'select') {
    if (v === '' || v === undefined) return undefined;
    const numeric = field.options.length > 0 && field.options.every((o) => typeof o.value === 'number');
    return numeric ? Number(v) : v;
  }
  return v;
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
  const uid = useId();
  const [formError, setFormError] = useState<string | null>(null);

  const toDefaults = () => {
    const out: Record<string, unknown> = { ...(initialValues ?? {}) };
    for (const f of fields) {
      const init = initialValues?.[f.name];
      out[f.name] = f.kind === 'switch' ? (init ?? f.offValue ?? false) : toFormValue(f, init);
    }
    return out;
  };

  // Converts form strings before the schema sees them, so z.number() fields validate as numbers.
  const base = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  const resolver: Resolver<FieldValues> = (values, ctx, options) => {
    const converted: Record<string, unknown> = { ...values };
    for (const f of fields) converted[f.name] = fromFormValue(f, values[f.name]);
    return base(converted, ctx, options);
  };

  const form = useForm<FieldValues>({ resolver, defaultValues: toDefaults() });
  const initKey = JSON.stringify(initialValues ?? {});
  useEffect(() => {
    if (open) {
      form.reset(toDefaults());
      setFormError(null);
    }
    // Reset only when the dialog opens on a (new) record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initKey]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values as z.output<S>);
    } catch (e) {
      const field = serverErrorField(e);
      if (field && fields.some((f) => f.name === field)) {
        form.setError(field, { type: 'server', message: errorMessage(e) }, { shouldFocus: true });
      } else {
        setFormError(errorMessage(e));
      }
    }
  });

  const busy = form.formState.isSubmitting;
  const hasCustom = fields.some((f) => f.kind === 'custom');
  // Custom fields may depend on other fields: watch everything only when there are some.
  const watched = (hasCustom ? form.watch() : {}) as Record<string, unknown>;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      persistent={form.formState.isDirty}
      closeLabel={L.close}
      footer={
        <>
          <Button onClick={onClose}>{L.cancel}</Button>
          <Button variant="primary" type="submit" form={`${uid}-form`} loading={busy}>
            {L.save}
          </Button>
        </>
      }
    >
      <form
        id={`${uid}-form`}
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2"
      >
        {children && <div className="sm:col-span-2">{children}</div>}
        {formError && (
          <p role="alert" className="rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700 sm:col-span-2">
            {formError}
          </p>
        )}
        {fields.map((f) => {
          const id = `${uid}-${f.name}`;
          const locked = mode === 'edit' && f.lockedOnEdit;
          const wide = f.wide || f.kind === 'textarea' || f.kind === 'multiselect';
          return (
            <div key={f.name} className={cx(wide && 'sm:col-span-2')}>
              <Controller
                control={form.control}
                name={f.name}
                render={({ field, fieldState }) => {
                  const error = fieldState.error?.message;
                  const common = {
                    id,
                    label: f.label,
                    hint: f.hint,
                    error,
                    required: f.required,
                    disabled: locked,
                  };
                  switch (f.kind) {
                    case 'text':
                    case 'date':
                      return (
                        <TextField
                          {...common}
                          ref={field.ref}
                          type={f.kind === 'date' ? 'date' : 'text'}
                          maxLength={f.maxLength}
                          placeholder={f.placeholder}
                          value={String(field.value ?? '')}
                          onChange={(e) => field.onChange(e.target.value)}
                          onBlur={field.onBlur}
                        />
                      );
                    case 'number':
                      return (
                        <TextField
                          {...common}
                          ref={field.ref}
                          type="number"
                          inputMode="numeric"
                          min={f.min}
                          max={f.max}
                          step={f.step}
                          placeholder={f.placeholder}
                          value={String(field.value ?? '')}
                          onChange={(e) => field.onChange(e.target.value)}
                          onBlur={field.onBlur}
                        />
                      );
                    case 'amount':
                      return (
                        <AmountInput
                          id={id}
                          label={f.label}
                          hint={f.hint}
                          error={error}
                          required={f.required}
                          disabled={locked}
                          placeholder={f.placeholder ?? '0.00'}
                          value={String(field.value ?? '')}
                          onChange={(v) => field.onChange(v)}
                          onBlur={field.onBlur}
                          className="text-right"
                        />
                      );
                    case 'textarea':
                      return (
                        <TextArea
                          {...common}
                          ref={field.ref}
                          maxLength={f.maxLength}
                          showCount={f.maxLength !== undefined}
                          placeholder={f.placeholder}
                          value={String(field.value ?? '')}
                          onChange={(e) => field.onChange(e.target.value)}
                          onBlur={field.onBlur}
                        />
                      );
                    case 'select':
                      return (
                        <Select
                          {...common}
                          options={f.options}
                          placeholder={f.placeholder ?? ''}
                          value={field.value as string | number | ''}
                          onChange={(v) => field.onChange(v)}
                          onBlur={field.onBlur}
                        />
                      );
                    case 'multiselect': {
                      const selected = (Array.isArray(field.value) ? field.value : []) as Array<
                        string | number
                      >;
                      return (
                        <fieldset
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                        >
                          <legend className="mb-1 text-xs font-medium text-ink-2">
                            {f.required && (
                              <span className="mr-0.5 text-danger-500" aria-hidden="true">
                                *
                              </span>
                            )}
                            {f.label}
                          </legend>
                          <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto rounded-md border border-line p-2">
                            {f.options.map((o) => (
                              <label
                                key={String(o.value)}
                                className="inline-flex items-center gap-1.5 text-sm"
                              >
                                <input
                                  type="checkbox"
                                  className="size-3.5 accent-brand-500"
                                  disabled={locked}
                                  checked={selected.includes(o.value)}
                                  onChange={(e) =>
                                    field.onChange(
                                      e.target.checked
                                        ? [...selected, o.value]
                                        : selected.filter((s) => s !== o.value),
                                    )
                                  }
                                />
                                {o.label}
                              </label>
                            ))}
                          </div>
                          {error && (
                            <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger-600">
                              {error}
                            </p>
                          )}
                        </fieldset>
                      );
                    }
                    case 'switch': {
                      const onValue = f.onValue ?? true;
                      const offValue = f.offValue ?? false;
                      return (
                        <FieldShell id={`${id}-shell`} error={error} hint={f.hint}>
                          <Switch
                            label={f.label}
                            checked={field.value === onValue}
                            disabled={locked}
                            onChange={(c) => field.onChange(c ? onValue : offValue)}
                          />
                        </FieldShell>
                      );
                    }
                    case 'custom':
                      // The renderer labels its control and shows `error` itself.
                      return (
                        <>
                          {f.render({
                            id,
                            label: f.label,
                            value: field.value,
                            onChange: field.onChange,
                            error,
                            disabled: locked,
                            values: watched,
                          })}
                        </>
                      );
                  }
                }}
              />
            </div>
          );
        })}
      </form>
    </Dialog>
  );
}
