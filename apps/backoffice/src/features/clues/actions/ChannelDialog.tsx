// Change the channel (and recommender) a clue came through.
import { contract } from '@bo/api-sdk';
import { FormDialog, FormText } from '@bo/ui-kit';
import { FormChannelSelect } from '../../../app/masterSelectors';
import { bodyOf, useCommandForm } from '../../../app/form';
import { sdk } from '../../../app/sdk';
import { useT } from '../../../i18n';
import type { ClueActionProps } from './types';

const Channel = bodyOf(contract.clues.modifyClueChannel);

export function ChannelDialog({ clue, onClose }: ClueActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Channel,
    defaultValues: { clueId: clue.clueId, channel: clue.channel ?? '', recommender: clue.recommender ?? '' },
    onSubmit: (body) => sdk.clues.modifyClueChannel({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('clue.action.channel')}>
      <FormChannelSelect form={form} name="channel" label={t('clue.channel')} />
      <FormText form={form} name="recommender" label={t('clue.recommender')} />
    </FormDialog>
  );
}
