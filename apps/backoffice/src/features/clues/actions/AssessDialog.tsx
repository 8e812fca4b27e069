// The entrance assessment of a visited clue.
import { contract } from '@bo/api-sdk';
import { FormDialog, FormNumber, FormText, FormTextArea } from '@bo/ui-kit';
import { bodyOf, useCommandForm } from '../../../app/form';
import { sdk } from '../../../app/sdk';
import { useT } from '../../../i18n';
import type { ClueActionProps } from './types';

const Assess = bodyOf(contract.clues.matriculationSave).omit({ assessorName: true });

export function AssessDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Assess,
    defaultValues: { clueId: clue.clueId, matriculationType: '', conclusion: '', suggestion: '' },
    onSubmit: (body) => sdk.clues.matriculationSave({ body: { ...body, assessorName: '' } }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.assess')}>
      <FormText form={form} name="matriculationType" label={t('clue.assessType')} />
      <FormNumber form={form} name="score" label={t('clue.score')} min={0} max={1000} />
      <FormTextArea form={form} name="conclusion" label={t('clue.conclusion')} />
      <FormTextArea form={form} name="suggestion" label={t('clue.suggestion')} />
    </FormDialog>
  );
}
