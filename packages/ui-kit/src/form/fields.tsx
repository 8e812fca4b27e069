// Fields of a schema form. Each names its form and a field of it (checked by the compiler), shows
// its label (with a required mark when the schema says so), its error, and hands the schema the
// type it expects (numbers as numbers, an empty choice as no value, a time as ISO 8601).
import type { ReactNode } from 'react';
import { Controller, type ControllerFieldState, type FieldValues, type Path } from 'react-hook-form';
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
  const id = `${p.form.id}-${p.name}`;
  const required = p.required ?? p.form.required(p.name);
  return {
    id,
    required,
    /** What every control's shell takes (label, mark, hint, error, wrapper): wired here, once. */
    shell: (fieldState: ControllerFieldState) => ({
      id,
      label: p.label,
      hint: p.hint,
      error: fieldState.error?.message,
      required,
      disabled: p.disabled,
      wrapperClassName: p.className,
    }),
  };
}

export function FormText<In extends FieldValues>(
  p: FieldBase<In> & {
    type?: 'text' | 'password' | 'tel' | 'email' | 'search';
    autoComplete?: string;
    maxLength?: number;
    autoFocus?: boolean;
    inputMode?: 'text' | 'numeric' | 'tel' | 'email';
    /** An icon inside the box, before the text. */
    prefix?: ReactNode;
    /** Classes of the input itself (a larger box on the sign-in page). */
    inputClassName?: string;
  },
) {
  const { shell } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          {...shell(fieldState)}
          ref={field.ref}
          placeholder={p.placeholder}
          type={p.type ?? 'text'}
          autoComplete={p.autoComplete}
          autoFocus={p.autoFocus}
          inputMode={p.inputMode}
          prefix={p.prefix}
          className={p.inputClassName}
          maxLength={p.maxLength ?? p.form.maxLength(p.name)}
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
  const { shell } = useField(p);
  const max = p.maxLength ?? p.form.maxLength(p.name);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextArea
          {...shell(fieldState)}
          ref={field.ref}
          placeholder={p.placeholder}
          rows={p.rows}
          maxLength={max}
          showCount={max !== undefined}
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
  const { shell } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          {...shell(fieldState)}
          ref={field.ref}
          type="number"
          inputMode="decimal"
          placeholder={p.placeholder}
          min={p.min}
          max={p.max}
          step={p.step}
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

/** A text the browser's own picker fills (a day, a time of day); empty is no value. */
function PickedText<In extends FieldValues>(
  p: FieldBase<In> & { type: 'date' | 'month' | 'time'; min?: string | undefined; max?: string | undefined },
) {
  const { shell } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          {...shell(fieldState)}
          ref={field.ref}
          type={p.type}
          min={p.min}
          max={p.max}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A calendar day 'YYYY-MM-DD'; empty is no value. */
export function FormDate<In extends FieldValues>(p: FieldBase<In> & { min?: string; max?: string }) {
  return <PickedText {...p} type="date" />;
}

/** A month 'YYYY-MM' picked from a calendar (never typed against a `YYYY-MM` hint); empty is no value. */
export function FormMonth<In extends FieldValues>(p: FieldBase<In> & { min?: string; max?: string }) {
  return <PickedText {...p} type="month" />;
}

/** A time of day 'HH:MM' (a lesson's start or end); empty is no value. */
export function FormTime<In extends FieldValues>(p: FieldBase<In>) {
  return <PickedText {...p} type="time" />;
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
  const { shell } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <TextField
          {...shell(fieldState)}
          ref={field.ref}
          type="datetime-local"
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
  const { shell } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <Select<V>
          {...shell(fieldState)}
          placeholder={p.placeholder ?? ''}
          options={p.options}
          value={field.value as V | undefined}
          onChange={(v) => field.onChange(v === '' ? undefined : v)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A labelled group of choices: the legend with its required mark, the choices, the error under them. */
function ChoiceFieldset({
  id,
  label,
  required,
  error,
  className,
  boxed,
  busy,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  /** Many choices: a bordered box that scrolls. */
  boxed?: boolean;
  /** The choices are still loading. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      className={className}
      aria-busy={busy || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-xs font-medium text-ink-2">
        {required && (
          <span className="mr-0.5 text-danger-500" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </legend>
      <div
        className={
          boxed
            ? 'flex max-h-40 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto rounded-md border border-line p-2'
            : 'flex flex-wrap gap-4'
        }
      >
        {children}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface CheckGroupProps<V extends string | number> {
  id: string;
  label: string;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  /** The chosen values (anything else counts as none chosen). */
  value: unknown;
  onChange: (value: V[]) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** The options are still loading. */
  loading?: boolean;
}

/** Several of a list, as checkboxes in a labelled group (roles, regions, campuses of an account). */
export function CheckGroup<V extends string | number>(p: CheckGroupProps<V>) {
  const chosen = (Array.isArray(p.value) ? p.value : []) as V[];
  // Codes may come back as text ('3') from a record while the options hold numbers.
  const has = (v: V) => chosen.some((c) => String(c) === String(v));
  return (
    <ChoiceFieldset
      id={p.id}
      label={p.label}
      required={p.required}
      error={p.error}
      className={p.className}
      boxed
      busy={p.loading}
    >
      {p.options.map((o) => (
        <label key={String(o.value)} className="inline-flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            className="size-3.5 accent-brand-500"
            disabled={p.disabled}
            checked={has(o.value)}
            onChange={(e) =>
              p.onChange(
                e.target.checked ? [...chosen, o.value] : chosen.filter((c) => String(c) !== String(o.value)),
              )
            }
          />
          {o.label}
        </label>
      ))}
    </ChoiceFieldset>
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
      render={({ field, fieldState }) => (
        <ChoiceFieldset
          id={id}
          label={p.label}
          required={required}
          error={fieldState.error?.message}
          className={p.className}
        >
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
        </ChoiceFieldset>
      )}
    />
  );
}

/** Several of a list (checkboxes in a labelled group); the value is the list of chosen values. */
export function FormCheckGroup<In extends FieldValues, V extends string | number = string | number>(
  p: FieldBase<In> & { options: ReadonlyArray<{ value: V; label: ReactNode }> },
) {
  const { id, required } = useField(p);
  return (
    <Controller
      control={p.form.rhf.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <CheckGroup<V>
          id={id}
          label={p.label}
          options={p.options}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
          required={required}
          disabled={p.disabled}
          className={p.className}
        />
      )}
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
  const { shell } = useField(p);
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
            {...shell(fieldState)}
            ref={field.ref}
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
            placeholder={p.placeholder ?? '0.00'}
            maxIntDigits={p.maxIntDigits}
            value={text}
            onChange={(v) => field.onChange(v === '' ? undefined : v)}
            onBlur={field.onBlur}
          />
        );
      }}
    />
  );
}
