import type { TClueRow } from '../types';

/** Every clue action dialog: the clue it acts on, and how it closes (after success or cancel). */
export interface ClueActionProps {
  clue: TClueRow;
  onClose: () => void;
}
