// The frame of a schema form: the <form> element with its problem banner on top, the submit
// button, and the dialog every action dialog is (cancel + submit in the footer, busy handled).
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button, type ButtonProps } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { cx } from '../components/cx.js';
import type { SchemaForm } from './useSchemaForm.js';

/** What the frame needs of a form, whatever its values (fields need the precise types). */
export type FormFrame = Pick<
  SchemaForm<FieldValues>,
  'id' | 'texts' | 'submit' | 'busy' | 'problem' | 'reload' | 'dirty'
> & { reset: () => void };
type AnyForm = FormFrame;

/** The refusal that names no field: on top of the form; a version conflict offers a reload. */
export function FormProblemBanner({ form }: { form: AnyForm }) {
  const p = form.problem;
  if (!p) return null;
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-3 rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700"
    >
      <span>{p.message}</span>
      {p.conflict && (
        <Button size="sm" onClick={() => void form.reload()}>
          {form.texts.reload}
        </Button>
      )}
    </div>
  );
}

export interface FormViewProps {
  form: AnyForm;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** A schema form on a page (sign-in, a detail screen's follow-up form). */
export function FormView({ form, children, className, ...aria }: FormViewProps) {
  return (
    <form
      id={form.id}
      noValidate
      aria-label={aria['aria-label']}
      onSubmit={(e) => void form.submit(e)}
      className={cx('space-y-3', className)}
    >
      <FormProblemBanner form={form} />
      {children}
    </form>
  );
}

/** Submits its form (inside it or, through `form={id}`, from a dialog's footer); busy while it runs. */
export function SubmitButton({
  form,
  children,
  variant = 'primary',
  disabled,
  ...rest
}: { form: AnyForm; children?: ReactNode } & Omit<ButtonProps, 'form' | 'type'>) {
  return (
    <Button {...rest} variant={variant} type="submit" form={form.id} loading={form.busy} disabled={disabled}>
      {children ?? form.texts.submit}
    </Button>
  );
}

export interface FormDialogProps {
  form: AnyForm;
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The submit button's text (default 提交 / Submit). */
  submitText?: ReactNode;
  /** A red submit button: the action takes something away. */
  danger?: boolean;
  /** Refuse to submit (a precondition the form shows itself failed). */
  submitDisabled?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Fields in two columns on wide screens. */
  columns?: 1 | 2;
  /** Buttons in place of the one submit button (pass / reject), each submitting the form. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The one action dialog: the form's fields, its problem on top, cancel and submit in the footer.
 * Reopening starts from the defaults again; the dialog does not close by a stray click once edited.
 */
export function FormDialog({
  form,
  open = true,
  onClose,
  title,
  description,
  submitText,
  danger,
  submitDisabled,
  size = 'md',
  columns = 1,
  actions,
  children,
}: FormDialogProps) {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) form.reset();
    wasOpen.current = open;
  }, [open, form]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      persistent={form.busy || form.dirty}
      closeLabel={form.texts.close}
      footer={
        <>
          <Button onClick={onClose}>{form.texts.cancel}</Button>
          {actions ?? (
            <SubmitButton form={form} variant={danger ? 'danger' : 'primary'} disabled={submitDisabled}>
              {submitText}
            </SubmitButton>
          )}
        </>
      }
    >
      <form
        id={form.id}
        noValidate
        onSubmit={(e) => void form.submit(e)}
        className={cx(
          'grid grid-cols-1 gap-x-4 gap-y-3',
          columns === 2 && 'sm:grid-cols-2 [&>[role=alert]]:sm:col-span-2',
        )}
      >
        <FormProblemBanner form={form} />
        {children}
      </form>
    </Dialog>
  );
}
