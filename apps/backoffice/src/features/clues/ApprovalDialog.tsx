// Deciding a transfer, abandon or invalid request: the clue, the reason, a comment, pass or reject.
// Rejecting asks for confirmation. Invalid requests also show the server's two checks (created over two days ago, rejected over twice).
import type { TApprovalRow } from './types';
import { contract } from '@bo/api-sdk';
import { Button, FormDialog, FormTextArea } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { bodyOf, useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueLink, When } from './common';

export type ApprovalKindT = TApprovalRow['kind'];

/** The decision endpoint of each kind. */
export function decide(kind: ApprovalKindT, body: { id: number; pass: boolean; comment: string }) {
  if (kind === 'transfer') return sdk.workbench.approve({ body });
  if (kind === 'abandon') return sdk.clues.abandonApprove({ body });
  return sdk.clues.invalidApprove({ body });
}

function InvalidChecks({ clueId }: { clueId: number }) {
  const t = useT();
  const days = useQuery({
    queryKey: ['clue', 'invalidDays', clueId],
    queryFn: () => sdk.clues.checkExceedTowDays({ query: { clueId } }),
  });
  const rejects = useQuery({
    queryKey: ['clue', 'invalidRejects', clueId],
    queryFn: () => sdk.clues.checkRejectExceedTwoTimes({ query: { clueId } }),
  });
  return (
    <ul className="space-y-1 text-xs" aria-label={t('clue.invalidChecks')}>
      {days.data && (
        <li className={days.data.exceeded ? 'text-warning-700' : 'text-success-700'}>
          {days.data.exceeded ? t('clue.check.daysExceeded') : t('clue.check.daysOk')}
        </li>
      )}
      {rejects.data && (
        <li className={rejects.data.exceeded ? 'text-warning-700' : 'text-success-700'}>
          {t('clue.check.rejects', { n: rejects.data.rejectCount })}
        </li>
      )}
    </ul>
  );
}

const DecisionForm = bodyOf(contract.clues.abandonApprove);

export function ApprovalDialog({ row, onClose }: { row: TApprovalRow | null; onClose: () => void }) {
  // Mounted per request, so a comment never carries over to the next one.
  return row ? <DecideDialog key={row.id} row={row} onClose={onClose} /> : null;
}

function DecideDialog({ row, onClose }: { row: TApprovalRow; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: DecisionForm,
    defaultValues: { id: row.id, pass: true, comment: '' },
    onSubmit: (body) => decide(row.kind, body),
    // A decision stands once taken; a rejection sends the request back for good.
    confirm: (v) => (v.pass ? null : { message: t('clue.confirmReject'), okText: t('clue.reject') }),
    success: (v) => t(v.pass ? 'clue.passedDone' : 'clue.rejectedDone'),
    onDone: onClose,
  });
  const choosing = form.rhf.watch('pass');
  const submitAs = (pass: boolean) => {
    form.rhf.setValue('pass', pass);
    void form.submit();
  };
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t(`clue.approve.${row.kind}`)}
      actions={
        <>
          <Button
            variant="danger"
            loading={form.busy && !choosing}
            disabled={form.busy}
            onClick={() => submitAs(false)}
          >
            {t('clue.reject')}
          </Button>
          <Button
            variant="primary"
            loading={form.busy && choosing}
            disabled={form.busy}
            onClick={() => submitAs(true)}
          >
            {t('clue.pass')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-muted">{t('clue.childName')}</dt>
          <dd>
            <ClueLink clueId={row.clueId} childName={row.childName} />{' '}
            <span className="text-subtle">{row.cluecode}</span>
          </dd>
          <dt className="text-muted">{t('clue.phone')}</dt>
          <dd>{row.phone}</dd>
          <dt className="text-muted">{t('clue.requestedBy')}</dt>
          <dd>
            {row.requestedByName ?? '—'} · <When iso={row.requestedAt} />
          </dd>
          {row.kind === 'transfer' && (
            <>
              <dt className="text-muted">{t('clue.transferTo')}</dt>
              <dd>
                {[row.toSchoolItemCode ?? row.fromSchoolItemCode, row.toUserName ?? t('clue.toPool')]
                  .filter(Boolean)
                  .join(' · ')}
              </dd>
            </>
          )}
          <dt className="text-muted">{t('clue.reason')}</dt>
          <dd className="whitespace-pre-wrap">{row.reason}</dd>
        </dl>
        {row.kind === 'invalid' && <InvalidChecks clueId={row.clueId} />}
        <FormTextArea form={form} name="comment" label={t('clue.comment')} />
      </div>
    </FormDialog>
  );
}
