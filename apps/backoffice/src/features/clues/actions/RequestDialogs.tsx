// Requests that take a clue out of the consultant's hands: abandon (to the high sea on approval),
// invalid (after the server's two checks), and giving a received clue straight back to the high sea.
import { contract } from '@bo/api-sdk';
import { FormDialog, FormTextArea } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { bodyOf, queryOf, useCommandForm } from '../../../app/form';
import { sdk } from '../../../app/sdk';
import { useT } from '../../../i18n';
import type { ClueActionProps } from './types';

const Abandon = bodyOf(contract.clues.abandonSave).pick({ clueId: true, reason: true });
const Invalid = bodyOf(contract.clues.invalidSubmit).pick({ clueId: true, reason: true });
const GiveBack = queryOf(contract.clues.highSeaReject);

export function AbandonDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Abandon,
    defaultValues: { clueId: clue.clueId, reason: '' },
    onSubmit: (body) => sdk.clues.abandonSave({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.abandon')} danger>
      <FormTextArea form={form} name="reason" label={t('clue.reason')} />
    </FormDialog>
  );
}

/** The server's two refusals, asked before the user writes a reason for nothing. */
function useInvalidChecks(clueId: number) {
  const days = useQuery({
    queryKey: ['clue', 'invalidDays', clueId],
    queryFn: () => sdk.clues.checkExceedTowDays({ query: { clueId } }),
  });
  const rejects = useQuery({
    queryKey: ['clue', 'invalidRejects', clueId],
    queryFn: () => sdk.clues.checkRejectExceedTwoTimes({ query: { clueId } }),
  });
  return {
    daysExceeded: Boolean(days.data?.exceeded),
    rejectsExceeded: Boolean(rejects.data?.exceeded),
    rejectCount: rejects.data?.rejectCount ?? 0,
  };
}

export function InvalidDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const checks = useInvalidChecks(clue.clueId);
  const blocked = checks.daysExceeded || checks.rejectsExceeded;
  const form = useCommandForm({
    schema: Invalid,
    defaultValues: { clueId: clue.clueId, reason: '' },
    onSubmit: (body) => sdk.clues.invalidSubmit({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('clue.action.invalid')}
      danger
      submitDisabled={blocked}
    >
      {blocked && (
        <ul role="alert" className="space-y-1 rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700">
          {checks.daysExceeded && <li>{t('clue.check.daysExceeded')}</li>}
          {checks.rejectsExceeded && <li>{t('clue.check.rejectsExceeded', { n: checks.rejectCount })}</li>}
        </ul>
      )}
      <FormTextArea form={form} name="reason" label={t('clue.reason')} />
    </FormDialog>
  );
}

/** No approval: the clue is gone from the consultant at once, so the user confirms. */
export function HighSeaRejectDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: GiveBack,
    defaultValues: { cluecode: clue.cluecode, reason: '' },
    onSubmit: (query) => sdk.clues.highSeaReject({ query }),
    confirm: { message: t('clue.confirmHighSeaReject'), okText: t('clue.action.highSeaReject') },
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.highSeaReject')} danger>
      <FormTextArea form={form} name="reason" label={t('clue.reason')} />
    </FormDialog>
  );
}
