// The dialogs behind the clue detail's buttons: one component per action, each with the schema of
// its own endpoint (actions/). A dialog is mounted when opened, so every opening starts afresh.
import type { TClueRow } from './types';
import { AssessDialog } from './actions/AssessDialog';
import { ChannelDialog } from './actions/ChannelDialog';
import { ConvertDialog } from './actions/ConvertDialog';
import { AbandonDialog, HighSeaRejectDialog, InvalidDialog } from './actions/RequestDialogs';
import { TransferDialog } from './actions/TransferDialog';
import { ConfirmVisitDialog, ScheduleVisitDialog } from './actions/VisitDialogs';
import type { DetailAction } from './logic';

export type DialogKind = Exclude<DetailAction, 'follow'>;

export function ActionDialog({
  kind,
  clue,
  onClose,
}: {
  kind: DialogKind | null;
  clue: TClueRow;
  onClose: () => void;
}) {
  const props = { clue, onClose };
  switch (kind) {
    case 'transfer':
      return <TransferDialog {...props} />;
    case 'toDirector':
      return <TransferDialog {...props} toDirector />;
    case 'abandon':
      return <AbandonDialog {...props} />;
    case 'invalid':
      return <InvalidDialog {...props} />;
    case 'highSeaReject':
      return <HighSeaRejectDialog {...props} />;
    case 'scheduleVisit':
      return <ScheduleVisitDialog {...props} />;
    case 'confirmVisit':
      return <ConfirmVisitDialog {...props} />;
    case 'assess':
      return <AssessDialog {...props} />;
    case 'convert':
      return <ConvertDialog {...props} />;
    case 'channel':
      return <ChannelDialog {...props} />;
    case null:
      return null;
  }
}
