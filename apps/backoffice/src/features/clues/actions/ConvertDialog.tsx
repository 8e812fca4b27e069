// Turn a visited or assessed clue into a student: the server's prefilled case file, checked and sent.
import { contract } from '@bo/api-sdk';
import { FormDate, FormDialog, FormSelect, FormText } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { FormCampusSelect } from '../../../app/masterSelectors';
import { bodyOf, useCommandForm } from '../../../app/form';
import { sdk } from '../../../app/sdk';
import { useT } from '../../../i18n';
import type { ClueActionProps } from './types';

const Student = bodyOf(contract.clues.studentCreate).omit({ insurance: true });
type StudentValues = z.input<typeof Student>;

export function ConvertDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const draft = useQuery({
    queryKey: ['clue', 'preSaveStudent', clue.clueId],
    queryFn: () => sdk.clues.preSaveStudent({ query: { clueId: clue.clueId } }),
  });
  const d = draft.data;
  const loaded: StudentValues | undefined = d && {
    clueId: clue.clueId,
    name: d.name,
    gender: d.gender,
    birthDate: d.birthDate ?? undefined,
    parentName: d.parentName,
    phone: d.phone,
    schoolItemCode: d.schoolItemCode ?? '',
  };
  const form = useCommandForm({
    schema: Student,
    defaultValues: {
      clueId: clue.clueId,
      name: clue.childName,
      gender: clue.gender,
      birthDate: clue.birthDate ?? undefined,
      parentName: clue.parentName,
      phone: clue.phone,
      schoolItemCode: clue.schoolItemCode ?? '',
    },
    values: loaded,
    onSubmit: (body) => sdk.clues.studentCreate({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.convert')} columns={2}>
      <FormText form={form} name="name" label={t('clue.studentName')} />
      <FormSelect
        form={form}
        name="gender"
        label={t('clue.gender')}
        options={([0, 1, 2] as const).map((g) => ({ value: g, label: t(`clue.gender.${g}`) }))}
      />
      <FormDate form={form} name="birthDate" label={t('clue.birthDate')} />
      <FormText form={form} name="parentName" label={t('clue.parentName')} />
      <FormText form={form} name="phone" label={t('clue.phone')} type="tel" />
      <FormCampusSelect form={form} name="schoolItemCode" label={t('clue.campus')} />
    </FormDialog>
  );
}
