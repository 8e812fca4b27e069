// The one way a form works: react-hook-form validated by the endpoint's zod schema, messages naming
// the field's label in the user's language, a server refusal placed on the field it names, a
// version conflict shown on top with a reload, an optional confirmation before what cannot be undone.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useConfirm, type ConfirmOptions } from '../components/Confirm.js';
import { formTexts, issueMessage, pickHalf, type FormLocale, type FormTexts } from './messages.js';
import { emptyToAbsent, fieldSchema, isRequired } from './schema.js';
import { useFormKit } from './context.js';
import { errorMessage } from './serverError.js';

export { FormKitContext, useFormKit, type FormKitConfig } from './context.js';

export interface FormProblem {
  message: string;
  /** A version conflict: the form offers to reload the record. */
  conflict: boolean;
}

type Confirmation = Omit<ConfirmOptions, 'title'> & { title?: ConfirmOptions['title'] };

export interface SchemaFormOptions<S extends z.ZodType<FieldValues, FieldValues>, R> {
  /** The endpoint's body schema, or one derived from it (.pick / .extend / .omit). */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Values that arrive later (a loaded record): the form follows them until the user edits. */
  values?: z.input<S>;
  onSubmit: (values: z.output<S>) => Promise<R>;
  /** After success; `form.reset` starts a page form (follow-up, contact) again. */
  onSuccess?: (result: R, values: z.output<S>, form: { reset: (values?: z.input<S>) => void }) => unknown;
  /** Asked after validation, before onSubmit; a function may return null to skip it for some values. */
  confirm?: Confirmation | ((values: z.output<S>) => Confirmation | null);
  /** Overrides the kit's reload after a version conflict. */
  onReload?: () => unknown;
}

export interface SchemaForm<In extends FieldValues, Out = In> {
  rhf: UseFormReturn<In, unknown, Out>;
  /** The id of the <form> element (footer buttons submit it with form={id}). */
  id: string;
  texts: FormTexts;
  locale: FormLocale;
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  /** Edited since opened (a dialog then does not close on a stray click). */
  dirty: boolean;
  problem: FormProblem | null;
  reload: () => Promise<void>;
  /** Back to the defaults (or the given values), without any error. */
  reset: (values?: In) => void;
  /** Fields tell the form their label, so messages can name it. */
  registerLabel: (name: string, label: string) => void;
  required: (name: Path<In>) => boolean;
  maxLength: (name: Path<In>) => number | undefined;
}

const CJK = /[\u3400-\u9fff]/;

type ErrorLike = { code?: unknown; field?: unknown; kind?: unknown };
const asErrorLike = (e: unknown): ErrorLike => (typeof e === 'object' && e !== null ? (e as ErrorLike) : {});

/** 'body.items.0.name' → 'items.0.name'. */
function fieldPath(e: unknown): string | undefined {
  const f = asErrorLike(e).field;
  if (typeof f !== 'string' || f === '') return undefined;
  return f.replace(/^(body|query|params)\./, '');
}

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>, R = unknown>(
  options: SchemaFormOptions<S, R>,
): SchemaForm<z.input<S>, z.output<S>> {
  type In = z.input<S>;
  type Out = z.output<S>;
  const kit = useFormKit();
  const locale = kit.locale;
  const T = formTexts(locale);
  const localize = useCallback(
    (m: string) => (kit.localize ? kit.localize(m) : pickHalf(m, locale)),
    [kit, locale],
  );
  const confirmFn = useConfirm();
  const id = useId();
  const labels = useRef(new Map<string, string>());
  const opts = useRef(options);
  opts.current = options;
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const labelOf = useCallback(
    (path: string) => labels.current.get(path) ?? labels.current.get(path.split('.')[0] ?? '') ?? path,
    [],
  );

  const resolver = useCallback<Resolver<In, unknown, Out>>(
    async (values) => {
      const schema = opts.current.schema;
      const prepared = emptyToAbsent(schema, values as Record<string, unknown>);
      const r = await schema.safeParseAsync(prepared);
      if (r.success) return { values: r.data, errors: {} };
      const errors: Record<string, unknown> = {};
      for (const issue of r.error.issues) {
        const path = issue.path.map(String).join('.') || 'root';
        if (get(errors, path)) continue;
        const value: unknown = get(values, path);
        set(errors, path, { type: issue.code, message: issueMessage(issue, labelOf(path), value, locale) });
      }
      return { values: {}, errors: errors as FieldErrors<In> };
    },
    [labelOf, locale],
  );

  const rhf = useForm<In, unknown, Out>({
    resolver,
    defaultValues: options.defaultValues,
    values: options.values,
    resetOptions: { keepDirtyValues: true },
  });

  const showError = useCallback(
    (e: unknown) => {
      const message = localize(errorMessage(e));
      const path = fieldPath(e);
      const known =
        path &&
        (labels.current.has(path)
          ? path
          : labels.current.has(path.split('.')[0] ?? '')
            ? path.split('.')[0]
            : undefined);
      if (known) {
        // The server's schema check says "body.x: <zod text>": say it as the form would, unless the
        // text after the path is a rule's own message in our languages (then that, without the path).
        const prefix = `${asErrorLike(e).field as string}:`;
        const own = message.startsWith(prefix) ? message.slice(prefix.length).trim() : message;
        const text = own === message || CJK.test(own) ? own : T.invalid(labelOf(known));
        rhf.setError(known as Path<In>, { type: 'server', message: text }, { shouldFocus: true });
        return;
      }
      const conflict = asErrorLike(e).code === 409;
      setProblem({ message: message || (conflict ? T.conflict : T.invalid('')), conflict });
    },
    [localize, labelOf, rhf, T],
  );

  const reset = useCallback(
    (values?: In) => {
      setProblem(null);
      // keepDirtyValues (above) is for server data arriving under an edit; an explicit reset starts
      // the form again, so the user's edits must go too (RHF merges resetOptions into reset()).
      rhf.reset(values, { keepDirtyValues: false });
    },
    [rhf],
  );

  const submit = useMemo(
    () =>
      rhf.handleSubmit(async (values) => {
        setProblem(null);
        const o = opts.current;
        const c = typeof o.confirm === 'function' ? o.confirm(values) : o.confirm;
        if (c && !(await confirmFn({ danger: true, title: T.confirmTitle, ...c }))) return;
        try {
          const result = await o.onSubmit(values);
          await o.onSuccess?.(result, values, { reset });
        } catch (e) {
          showError(e);
        }
      }),
    [rhf, confirmFn, showError, T, reset],
  );

  const reload = useCallback(async () => {
    setProblem(null);
    await (opts.current.onReload ?? kit.reload)?.();
  }, [kit]);

  const registerLabel = useCallback((name: string, label: string) => {
    labels.current.set(name, label);
  }, []);

  const required = useCallback((name: Path<In>) => isRequired(opts.current.schema, name), []);
  const maxLength = useCallback((name: Path<In>) => {
    const s = fieldSchema(opts.current.schema, name);
    const inner = unwrapString(s);
    return inner?.maxLength ?? undefined;
  }, []);

  return {
    rhf,
    id,
    texts: T,
    locale,
    submit,
    busy: rhf.formState.isSubmitting,
    dirty: rhf.formState.isDirty,
    problem,
    reload,
    reset,
    registerLabel,
    required,
    maxLength,
  };
}

function unwrapString(s: z.ZodType | undefined): { maxLength: number | null } | undefined {
  let at: unknown = s;
  for (let i = 0; i < 5 && at; i++) {
    const def = (at as { _zod?: { def?: { type?: string; innerType?: unknown; in?: unknown } } })._zod?.def;
    if (!def) return undefined;
    if (def.type === 'string') return at as { maxLength: number | null };
    at = def.innerType ?? def.in;
  }
  return undefined;
}
