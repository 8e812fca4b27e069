// The clue request kinds and their names on the approval engine (registered in approvals.ts).
export type ClueApprovalKind = 'transfer' | 'abandon' | 'invalid';
/** Engine kind of each clue request kind (the clue endpoints keep the short names). */
export const CLUE_KINDS = {
  transfer: 'clueTransfer',
  abandon: 'clueAbandon',
  invalid: 'clueInvalid',
} as const satisfies Record<ClueApprovalKind, string>;
export const clueKindOf = (engineKind: string): ClueApprovalKind =>
  engineKind === CLUE_KINDS.transfer ? 'transfer' : engineKind === CLUE_KINDS.abandon ? 'abandon' : 'invalid';
