// The visit into school: booking it (a time is required) and confirming it happened.
import { contract } from '@bo/api-sdk';
import { FormDateTime, FormDialog, FormTextArea } from '@bo/ui-kit';
import { z } from 'zod';
import { bodyOf, useCommandForm } from '../../../app/form';
import { sdk } from '../../../app/sdk';
import { useT } from '../../../i18n';
import type { ClueActionProps } from './types';

// The contract takes any timestamp text; the form insists on a chosen moment.
const Schedule = bodyOf(contract.clues.intoSchoolSave).extend({ visitAt: z.iso.datetime() });
const Confirm = bodyOf(contract.clues.clueConfirmSave);

export function ScheduleVisitDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Schedule,
    defaultValues: { clueId: clue.clueId, visitAt: clue.visitAt ?? undefined, note: '' },
    onSubmit: (body) => sdk.clues.intoSchoolSave({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.scheduleVisit')}>
      <FormDateTime form={form} name="visitAt" label={t('clue.visitAt')} />
      <FormTextArea form={form} name="note" label={t('clue.note')} />
    </FormDialog>
  );
}

export function ConfirmVisitDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Confirm,
    defaultValues: { clueId: clue.clueId, note: '' },
    onSubmit: (body) => sdk.clues.clueConfirmSave({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.confirmVisit')}>
      <FormDateTime form={form} name="visitedAt" label={t('clue.visitedAt')} />
      <FormTextArea form={form} name="note" label={t('clue.note')} />
    </FormDialog>
  );
}
