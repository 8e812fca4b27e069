// Fields of a schema form. Each names its form and a field of it (checked by the compiler), shows
// its label (with a required mark when the schema says so), its error, and hands the schema the
// type it expects (numbers as numbers, an empty choice as no value, a time as ISO 8601).
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import {
  Checkbox,
  FieldShell,
  Select,
  TextArea,
  TextField,
  type SelectOption,
} from '../components/fields.js';
import type { SchemaForm } from './useSchemaForm.js';
import { toCents, toChineseCurrency } from '@bo/domain';
import { AmountInput } from '../inputs/AmountInput.js';
import { useMoneyLabels } from '../money/labels.js';

interface FieldBase<In extends FieldValues> {
  // The output type does not matter to a field: any form whose values have this name.
  form: SchemaForm<In, unknown>;
  name: Path<In>;
  label: string;
  hint?: ReactNode;
  /** Overrides the mark read from the schema (e.g. required only in one mode of a form). */
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
}

function useField<In extends FieldValues>(p: FieldBase<In>) {
  p.form.registerLabel(p.name, p.label);
  return {
    id: `${p.form.id}-${p.name}`,
    required: p.required ?? p.form.required(p.name),
  };
}

export function FormText<In extends FieldValues>(
  p: FieldBase<In> & {
    type?: 'text' | 'password' | 'tel' | 'email' | 'search';
    autoComplete?: string;
    maxLength?: number;
    autoFocus?: boolean;
    inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  },
) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          ref={field.ref}
          label={p.label}
          hint={p.hint}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          placeholder={p.placeholder}
          type={p.type ?? 'text'}
          autoComplete={p.autoComplete}
          autoFocus={p.autoFocus}
          inputMode={p.inputMode}
          maxLength={p.maxLength ?? p.form.maxLength(p.name)}
          wrapperClassName={p.className}
          value={typeof field.value === 'string' || typeof field.value === 'number' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

export function FormTextArea<In extends FieldValues>(
  p: FieldBase<In> & { maxLength?: number; rows?: number },
) {
  const { id, required } = useField(p);
  const max = p.maxLength ?? p.form.maxLength(p.name);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextArea
          id={id}
          ref={field.ref}
          label={p.label}
          hint={p.hint}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          placeholder={p.placeholder}
          rows={p.rows}
          maxLength={max}
          showCount={max !== undefined}
          wrapperClassName={p.className}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A number; empty is no value (undefined), never 0. */
export function FormNumber<In extends FieldValues>(
  p: FieldBase<In> & { min?: number; max?: number; step?: number },
) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          ref={field.ref}
          type="number"
          inputMode="decimal"
          label={p.label}
          hint={p.hint}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          placeholder={p.placeholder}
          min={p.min}
          max={p.max}
          step={p.step}
          wrapperClassName={p.className}
          value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => {
            const v = e.target.value;
            field.onChange(v === '' ? undefined : Number.isNaN(Number(v)) ? v : Number(v));
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A calendar day 'YYYY-MM-DD'; empty is no value. */
export function FormDate<In extends FieldValues>(p: FieldBase<In> & { min?: string; max?: string }) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          ref={field.ref}
          type="date"
          label={p.label}
          hint={p.hint}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          min={p.min}
          max={p.max}
          wrapperClassName={p.className}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 → the local 'YYYY-MM-DDTHH:mm' a datetime input shows. */
export function isoToLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A moment, kept as ISO 8601 (what the contract takes), shown in local time; empty is no value. */
export function FormDateTime<In extends FieldValues>(p: FieldBase<In>) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          ref={field.ref}
          type="datetime-local"
          label={p.label}
          hint={p.hint}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          wrapperClassName={p.className}
          value={isoToLocalInput(field.value)}
          onChange={(e) => {
            const d = new Date(e.target.value);
            field.onChange(e.target.value === '' || Number.isNaN(d.getTime()) ? undefined : d.toISOString());
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** One of a list; the empty choice is no value. */
export function FormSelect<In extends FieldValues, V extends string | number = string | number>(
  p: FieldBase<In> & { options: ReadonlyArray<SelectOption<V>> },
) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <Select<V>
          id={id}
          label={p.label}
          hint={p.hint}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          placeholder={p.placeholder ?? ''}
          options={p.options}
          wrapperClassName={p.className}
          value={field.value as V | undefined}
          onChange={(v) => field.onChange(v === '' ? undefined : v)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** One of a few, all visible (radio buttons in a labelled group). */
export function FormRadioGroup<In extends FieldValues, V extends string | number = string>(
  p: FieldBase<In> & { options: ReadonlyArray<{ value: V; label: ReactNode }> },
) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <fieldset
            className={p.className}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <legend className="mb-1 text-xs font-medium text-ink-2">
              {required && (
                <span className="mr-0.5 text-danger-500" aria-hidden="true">
                  *
                </span>
              )}
              {p.label}
            </legend>
            <div className="flex flex-wrap gap-4">
              {p.options.map((o) => (
                <label key={String(o.value)} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    type="radio"
                    name={id}
                    disabled={p.disabled}
                    checked={field.value === o.value}
                    onChange={() => field.onChange(o.value)}
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
      }}
    />
  );
}

/** A yes/no; onValue/offValue for schemas that say it with numbers (validstatus 1/0). */
export function FormCheckbox<In extends FieldValues>(
  p: FieldBase<In> & { onValue?: unknown; offValue?: unknown },
) {
  const { id } = useField(p);
  const on = p.onValue ?? true;
  const off = p.offValue ?? false;
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <FieldShell id={id} error={fieldState.error?.message} hint={p.hint} className={p.className}>
          <Checkbox
            id={id}
            label={p.label}
            disabled={p.disabled}
            checked={field.value === on}
            onChange={(e) => field.onChange(e.target.checked ? on : off)}
          />
        </FieldShell>
      )}
    />
  );
}

export interface FormControlRenderProps {
  id: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  required: boolean;
  disabled?: boolean;
}

/**
 * Any other control (the app's selects of employees, campuses, channels): the render function gets
 * the value, onChange, the error and the required mark, and labels its control with `id`/`label`.
 */
export function FormControl<In extends FieldValues>(
  p: FieldBase<In> & { render: (c: FormControlRenderProps) => ReactNode },
) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <>
          {p.render({
            id,
            label: p.label,
            value: field.value,
            onChange: field.onChange,
            onBlur: field.onBlur,
            error: fieldState.error?.message,
            required,
            disabled: p.disabled,
          })}
        </>
      )}
    />
  );
}

/**
 * An amount in yuan (spec §5/§9: digits and one dot, at most 7 integer digits and 2 decimals while
 * typing), kept as the typed text for the contract's `money()`; the amount in Chinese capitals is
 * shown under it so a mistyped zero is seen before it is saved.
 */
export function FormAmount<In extends FieldValues>(
  p: FieldBase<In> & { maxIntDigits?: number; capitals?: boolean },
) {
  const { id, required } = useField(p);
  const labels = useMoneyLabels();
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const text =
          typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : '';
        const capitals = p.capitals !== false && text !== '' && text !== '0.' && toCents(text) !== null;
        return (
          <AmountInput
            id={id}
            ref={field.ref}
            label={p.label}
            error={fieldState.error?.message}
            hint={
              capitals ? (
                <>
                  {labels.capitals}：<span className="text-ink-2">{toChineseCurrency(text)}</span>
                  {p.hint ? <> · {p.hint}</> : null}
                </>
              ) : (
                p.hint
              )
            }
            required={required}
            disabled={p.disabled}
            placeholder={p.placeholder ?? '0.00'}
            maxIntDigits={p.maxIntDigits}
            wrapperClassName={p.className}
            value={text}
            onChange={(v) => field.onChange(v === '' ? undefined : v)}
            onBlur={field.onBlur}
          />
        );
      }}
    />
  );
}
