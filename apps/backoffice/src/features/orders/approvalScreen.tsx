// One declaration for every approval screen of money (payments, refunds, adjustments): a list of
// the kind's requests (status, amount, requester, step; filters in the URL; export) and a detail
// dialog showing what is to be approved, the flow and its history, where the caller passes or
// rejects with a comment, or revokes an approved one; the applicant withdraws an open one. Every open
// request says who each pending step awaits and, to a user who cannot act, why. The engine decides
// (/approval/pass|reject|cancel|revoke); a request someone else decided meanwhile answers 409, said as
// "already decided, reload".
import {
  ApprovalCancelInput,
  ApprovalPassInput,
  ApprovalRevokeInput,
  REJECT_COMMENT_REQUIRED,
  type TAwaitedStep,
} from '@bo/api-sdk';
import {
  AmountCapitals,
  Button,
  Dialog,
  EmptyState,
  FormView,
  FormTextArea,
  MoneyText,
  Spinner,
  type ListColumn,
  type SearchField,
} from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { invalidateAfter } from '../../app/invalidation';
import { ListScreenView, type ListQueryArgs, type ListScreenDef } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { pickLanguage, tCode, useLocale, useT, type TFunction } from '../../i18n';
import { ApprovalStatusBadge, Field, When, approvalStatusName, approvalStatusOptions } from './parts';

/** What every kind's list row carries (the engine's request, flattened with its subject). */
export interface ApprovalRowBase {
  id: number;
  status: number;
  /** Kinds without an amount (leave, transfer school …) leave it out: no amount column or field. */
  amount?: string;
  requestedByName: string | null;
  requestedAt: string;
  stepName: string | null;
  decidedAt: string | null;
  comment: string | null;
  canDecide: boolean;
  version: number;
}

export interface ApprovalDetailBase extends ApprovalRowBase {
  step: number;
  steps: ReadonlyArray<{ name: string }>;
  history: ReadonlyArray<{
    step: number;
    stepName: string | null;
    userName: string | null;
    decision: string;
    comment: string;
    at: string;
  }>;
  canRevoke: boolean;
  /** The applicant may withdraw it (open, their own). */
  canCancel: boolean;
  /** The steps still to decide, each with who may decide it. */
  awaited: readonly TAwaitedStep[];
  /** Why the caller cannot decide it now ('中文 / English'); null when they can, or it is closed. */
  whyNot: string | null;
}

export interface ApprovalScreenDef<Row extends ApprovalRowBase, Detail extends ApprovalDetailBase> {
  /** The list's key (query key, column memory). */
  key: string;
  /** What one request is called in titles ('缴费审批'). */
  what: (t: TFunction) => string;
  list: (args: ListQueryArgs) => Promise<{ list: Row[]; total: number }>;
  /** The kind's export endpoint, given the list's filters (the list kit's `serverExport`). */
  serverExport?: ListScreenDef<Row>['serverExport'];
  /** The request's detail; `row` is the list row opened (kinds whose detail is read by their own id). */
  detail: (id: number, row: Row) => Promise<Detail>;
  /** The columns naming the subject (order, student, campus); status, amount and requester follow. */
  subjectColumns: (t: TFunction) => ListColumn<Row>[];
  /** More search fields before the status filter. */
  searchFields?: (t: TFunction) => SearchField[];
  /** What is approved, shown in the detail dialog. */
  subject: (detail: Detail) => ReactNode;
  /**
   * The slices whose records a decision changes besides the engine's (a payment's order): their
   * queries and this list are refreshed after a decision, since the command itself calls only the engine.
   */
  subjectSlices: readonly string[];
  /** What a reject asks first (default: the payment's question, naming its pay records). */
  rejectQuestion?: (t: TFunction) => string;
  /** The kind carries no amount (leave, make-up, transfer school): no amount column. */
  withoutAmount?: boolean;
}

export function History({ detail }: { detail: ApprovalDetailBase }) {
  const t = useT();
  if (detail.history.length === 0) return <p className="text-sm text-subtle">{t('apv.noHistory')}</p>;
  return (
    <ol className="space-y-2" aria-label={t('apv.history')}>
      {detail.history.map((h, i) => (
        <li key={i} className="text-sm">
          <span className="font-medium">{h.userName ?? '—'}</span>{' '}
          <span className="text-muted">
            {h.stepName ?? ''} · {tCode(t, `apv.decision.${h.decision}`, h.decision)} · <When iso={h.at} />
          </span>
          {h.comment && <p className="mt-0.5 whitespace-pre-wrap text-ink-2">{h.comment}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * Who an open request waits for: each pending step with the people who may decide it (the current
 * one first), and, to a user who cannot act, the engine's reason.
 */
export function Waiting({
  detail,
}: {
  detail: Pick<ApprovalDetailBase, 'awaited' | 'whyNot' | 'canDecide'>;
}) {
  const t = useT();
  const [locale] = useLocale();
  if (detail.awaited.length === 0) return null;
  return (
    <section aria-label={t('apv.awaited')}>
      <h3 className="mb-2 text-sm font-semibold">{t('apv.awaited')}</h3>
      <ul className="space-y-1 text-sm">
        {detail.awaited.map((s) => (
          <li key={s.step} className={s.current ? 'text-ink' : 'text-muted'}>
            <span className={s.current ? 'font-semibold text-brand-600' : ''}>{s.stepName}</span>
            {s.current ? ` (${t('apv.currentStep')})` : ''}
            {s.roles.length > 0 ? ` · ${s.roles.join('、')}` : ''}
            {' · '}
            {s.approvers.length > 0 ? (
              s.approvers.map((a) => a.name).join('、')
            ) : (
              <span className="text-danger-600">{t('apv.nobody')}</span>
            )}
          </li>
        ))}
      </ul>
      {!detail.canDecide && detail.whyNot && (
        <p role="note" className="mt-2 text-sm text-muted">
          {pickLanguage(detail.whyNot, locale)}
        </p>
      )}
    </section>
  );
}

/** The engine's 409 (decided meanwhile, or a stale version) said in the screen's words. */
function alreadyDecided(t: TFunction) {
  return (e: unknown): never => {
    if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 409)
      throw Object.assign(new Error(t('apv.alreadyDecided')), { code: 409 });
    throw e;
  };
}

const Decision = ApprovalPassInput.extend({ pass: z.boolean() }).superRefine((v, ctx) => {
  if (!v.pass && v.comment.trim() === '')
    ctx.addIssue({
      code: 'custom',
      path: ['comment'],
      message: REJECT_COMMENT_REQUIRED,
    });
});

export function DecideForm({
  detail,
  onDone,
  rejectQuestion,
}: {
  detail: ApprovalDetailBase;
  onDone: () => void;
  rejectQuestion: string;
}) {
  const t = useT();
  const qc = useQueryClient();
  const form = useCommandForm({
    schema: Decision,
    defaultValues: { id: detail.id, version: detail.version, comment: '', pass: true },
    onSubmit: ({ pass, ...body }) =>
      (pass ? sdk.approvals.pass({ body }) : sdk.approvals.reject({ body })).catch(alreadyDecided(t)),
    confirm: (v) => (v.pass ? null : { message: rejectQuestion, okText: t('apv.reject') }),
    // Every kind decided here says it was done, in the screen's language.
    success: (v) => t(v.pass ? 'apv.passedDone' : 'apv.rejectedDone'),
    onDone,
    // The user's "reload" after a version conflict (decided meanwhile): every query, what is on screen.
    onReload: () => qc.invalidateQueries(),
  });
  const passing = form.rhf.watch('pass');
  const submitAs = (pass: boolean) => {
    form.rhf.setValue('pass', pass);
    void form.submit();
  };
  return (
    <FormView form={form}>
      <FormTextArea form={form} name="comment" label={t('apv.comment')} rows={2} />
      <div className="flex justify-end gap-2">
        <Button
          variant="danger"
          loading={form.busy && !passing}
          disabled={form.busy}
          onClick={() => submitAs(false)}
        >
          {t('apv.reject')}
        </Button>
        <Button
          variant="primary"
          loading={form.busy && passing}
          disabled={form.busy}
          onClick={() => submitAs(true)}
        >
          {t('apv.pass')}
        </Button>
      </div>
    </FormView>
  );
}

function RevokeForm({ detail, onDone }: { detail: ApprovalDetailBase; onDone: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: ApprovalRevokeInput,
    defaultValues: { id: detail.id, version: detail.version, comment: '' },
    onSubmit: (body) => sdk.approvals.revoke({ body }).catch(alreadyDecided(t)),
    confirm: { message: t('apv.confirmRevoke'), okText: t('apv.revoke') },
    success: t('apv.revokedDone'),
    onDone,
  });
  return (
    <FormView form={form}>
      <FormTextArea form={form} name="comment" label={t('apv.revokeReason')} rows={2} />
      <div className="flex justify-end">
        <Button type="submit" variant="danger" loading={form.busy}>
          {t('apv.revoke')}
        </Button>
      </div>
    </FormView>
  );
}

function WithdrawForm({ detail, onDone }: { detail: ApprovalDetailBase; onDone: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: ApprovalCancelInput,
    defaultValues: { id: detail.id, version: detail.version, comment: '' },
    onSubmit: (body) => sdk.approvals.cancel({ body }).catch(alreadyDecided(t)),
    confirm: { message: t('apv.confirmWithdraw'), okText: t('apv.withdraw') },
    success: t('apv.withdrawn'),
    onDone,
  });
  return (
    <FormView form={form}>
      <FormTextArea form={form} name="comment" label={t('apv.withdrawReason')} rows={2} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={form.busy}>
          {t('apv.withdraw')}
        </Button>
      </div>
    </FormView>
  );
}

function DetailDialog<Row extends ApprovalRowBase, Detail extends ApprovalDetailBase>({
  def,
  row,
  onClose,
}: {
  def: ApprovalScreenDef<Row, Detail>;
  row: Row;
  onClose: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['approval', def.key, 'detail', row.id],
    queryFn: () => def.detail(row.id, row),
  });
  const d = q.data;
  const decided = async () => {
    await invalidateAfter(qc, new Set(def.subjectSlices), def.key);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} title={def.what(t)} size="xl" closeLabel={t('common.close')}>
      {!d ? (
        q.isError ? (
          <p role="alert" className="text-sm text-danger-600">
            {errorText(q.error)}
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
            <Field label={t('apv.status')}>
              <ApprovalStatusBadge status={d.status} />
            </Field>
            {d.amount !== undefined && (
              <Field label={t('apv.amount')}>
                <MoneyText yuan={d.amount} strong />
                <br />
                <AmountCapitals yuan={d.amount} />
              </Field>
            )}
            <Field label={t('apv.requestedBy')}>
              {d.requestedByName ?? '—'} · <When iso={d.requestedAt} />
            </Field>
            <Field label={t('apv.steps')}>
              {d.steps.map((s, i) => (
                <span
                  key={i}
                  className={i === d.step && d.status === 10 ? 'font-semibold text-brand-600' : 'text-muted'}
                >
                  {i > 0 ? ' → ' : ''}
                  {s.name}
                </span>
              ))}
            </Field>
          </dl>
          {def.subject(d)}
          <section>
            <h3 className="mb-2 text-sm font-semibold">{t('apv.history')}</h3>
            <History detail={d} />
          </section>
          <Waiting detail={d} />
          {d.canDecide && (
            <DecideForm
              detail={d}
              onDone={decided}
              rejectQuestion={def.rejectQuestion?.(t) ?? t('apv.confirmReject')}
            />
          )}
          {d.canCancel && <WithdrawForm detail={d} onDone={decided} />}
          {d.canRevoke && <RevokeForm detail={d} onDone={decided} />}
        </div>
      )}
    </Dialog>
  );
}

/** The list screen and its detail dialog for one kind of money approval. */
export function ApprovalScreen<Row extends ApprovalRowBase, Detail extends ApprovalDetailBase>({
  def,
}: {
  def: ApprovalScreenDef<Row, Detail>;
}) {
  const [open, setOpen] = useState<Row | null>(null);
  const list = useMemo<ListScreenDef<Row>>(
    () => ({
      key: def.key,
      what: def.what,
      rowId: (r) => String(r.id),
      // What the caller may decide now: the work of an approver opening the screen.
      filterDefaults: { mine: 'true' },
      searchFields: (t) => [
        ...(def.searchFields?.(t) ?? []),
        { kind: 'select', name: 'status', label: t('apv.status'), options: approvalStatusOptions(t) },
        {
          kind: 'select',
          name: 'mine',
          label: t('apv.mine'),
          options: [{ value: 'true', label: t('apv.mine') }],
        },
      ],
      columns: (t) => [
        ...def.subjectColumns(t),
        {
          id: 'status',
          header: t('apv.status'),
          cell: (r) => <ApprovalStatusBadge status={r.status} />,
          exportValue: (r) => approvalStatusName(t, r.status),
        },
        ...(def.withoutAmount
          ? []
          : [
              {
                id: 'amount',
                header: t('apv.amount'),
                align: 'right' as const,
                value: (r: Row) => r.amount ?? '',
                cell: (r: Row) => <MoneyText yuan={r.amount ?? '0.00'} />,
                exportValue: (r: Row) => Number(r.amount ?? 0),
              },
            ]),
        { id: 'requestedByName', header: t('apv.requestedBy') },
        {
          id: 'requestedAt',
          header: t('apv.requestedAt'),
          cell: (r) => <When iso={r.requestedAt} />,
        },
        { id: 'stepName', header: t('apv.step') },
        {
          id: 'decidedAt',
          header: t('apv.decidedAt'),
          cell: (r) => <When iso={r.decidedAt} />,
          defaultHidden: true,
        },
        { id: 'comment', header: t('apv.comment'), defaultHidden: true },
      ],
      list: def.list,
      serverExport: def.serverExport,
      rowActions: (t) => [
        {
          key: 'open',
          label: (r) => (r.canDecide ? t('apv.open') : t('apv.view')),
          onClick: (r) => setOpen(r),
        },
      ],
    }),
    [def],
  );
  return (
    <>
      <ListScreenView def={list} />
      {open !== null && <DetailDialog def={def} row={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export function NoSubject() {
  const t = useT();
  return <EmptyState title={t('ord.notFound')} />;
}
