// Deciding a transfer, abandon or invalid request: the clue, the reason, a comment, pass or reject.
// Invalid requests also show the server's two checks (created over two days ago, rejected over twice).
import type { TApprovalRow } from './types';
import { Button, Dialog, TextArea } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, sdk } from '../../app/sdk';
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

export function ApprovalDialog({ row, onClose }: { row: TApprovalRow | null; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'pass' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const run = async (pass: boolean) => {
    if (!row) return;
    setBusy(pass ? 'pass' : 'reject');
    setError(null);
    try {
      await decide(row.kind, { id: row.id, pass, comment });
      await qc.invalidateQueries();
      close();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog
      open={row !== null}
      onClose={close}
      title={row ? t(`clue.approve.${row.kind}`) : ''}
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={close}>{t('list.cancel')}</Button>
          <Button
            variant="danger"
            loading={busy === 'reject'}
            disabled={busy !== null}
            onClick={() => void run(false)}
          >
            {t('clue.reject')}
          </Button>
          <Button
            variant="primary"
            loading={busy === 'pass'}
            disabled={busy !== null}
            onClick={() => void run(true)}
          >
            {t('clue.pass')}
          </Button>
        </>
      }
    >
      {row && (
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
          <TextArea
            label={t('clue.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={500}
          />
          {error && (
            <p role="alert" className="text-danger-600">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
