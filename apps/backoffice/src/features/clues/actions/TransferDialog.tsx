// Transfer a clue: to a consultant of its campus, to another campus (optionally a consultant there),
// or up to the director. Three endpoints, three forms with their own schemas; the dialog shows one.
import { contract } from '@bo/api-sdk';
import { FormDialog, FormTextArea } from '@bo/ui-kit';
import { useState } from 'react';
import { FormCampusSelect, FormStaffUserSelect } from '../../../app/masterSelectors';
import { bodyOf, useCommandForm } from '../../../app/form';
import { sdk } from '../../../app/sdk';
import { useT } from '../../../i18n';
import type { ClueActionProps } from './types';

type Mode = 'consultant' | 'campus' | 'director';
const MODES: readonly Mode[] = ['consultant', 'campus', 'director'];

const ToConsultant = bodyOf(contract.clues.transferSave);
const ToCampus = bodyOf(contract.clues.transferSaveCampus);
const ToDirector = bodyOf(contract.clues.submitClueToDirector);

export function TransferDialog({ clue, onClose, toDirector }: ClueActionProps & { toDirector?: boolean }) {
  const t = useT();
  const [mode, setMode] = useState<Mode>(toDirector ? 'director' : 'consultant');
  const clueId = clue.clueId;
  const consultant = useCommandForm({
    schema: ToConsultant,
    defaultValues: { clueId, reason: '', version: clue.version },
    onSubmit: (body) => sdk.clues.transferSave({ body }),
    onDone: onClose,
  });
  const campus = useCommandForm({
    schema: ToCampus,
    defaultValues: { clueId, toSchoolItemCode: '', reason: '' },
    onSubmit: (body) => sdk.clues.transferSaveCampus({ body }),
    onDone: onClose,
  });
  const director = useCommandForm({
    schema: ToDirector,
    defaultValues: { clueId, reason: '' },
    onSubmit: (body) => sdk.clues.submitClueToDirector({ body }),
    onDone: onClose,
  });
  const toCampus = campus.rhf.watch('toSchoolItemCode');

  const modePicker = (
    <fieldset>
      <legend className="mb-1 text-xs font-medium text-ink-2">{t('clue.transferTo')}</legend>
      <div className="flex flex-wrap gap-4">
        {MODES.map((m) => (
          <label key={m} className="inline-flex items-center gap-1.5 text-sm">
            <input type="radio" name="transfer-mode" checked={mode === m} onChange={() => setMode(m)} />
            {t(`clue.transferMode.${m}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  const title = t(`clue.action.${toDirector ? 'toDirector' : 'transfer'}`);

  if (mode === 'campus')
    return (
      <FormDialog form={campus} onClose={onClose} title={title}>
        {modePicker}
        <FormCampusSelect
          form={campus}
          name="toSchoolItemCode"
          label={t('clue.toCampus')}
          onPicked={() => campus.rhf.setValue('toUserId', undefined)}
        />
        {typeof toCampus === 'string' && toCampus !== '' && (
          <FormStaffUserSelect
            form={campus}
            name="toUserId"
            label={t('clue.consultantOptional')}
            schoolItemCode={toCampus}
          />
        )}
        <FormTextArea form={campus} name="reason" label={t('clue.reason')} />
      </FormDialog>
    );
  if (mode === 'director')
    return (
      <FormDialog form={director} onClose={onClose} title={title}>
        {modePicker}
        <FormTextArea form={director} name="reason" label={t('clue.reason')} />
      </FormDialog>
    );
  return (
    <FormDialog form={consultant} onClose={onClose} title={title}>
      {modePicker}
      <FormStaffUserSelect
        form={consultant}
        name="toUserId"
        label={t('clue.consultant')}
        schoolItemCode={clue.schoolItemCode}
      />
      <FormTextArea form={consultant} name="reason" label={t('clue.reason')} />
    </FormDialog>
  );
}
