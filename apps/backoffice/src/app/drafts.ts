// Saved draft follow-up records of the clue screens (spec §2: closing the tab clears them).

export type DraftKind = 'resourceDetail' | 'clueDetail';

const PATHS: Record<DraftKind, string> = {
  resourceDetail: '/clues/resourceDetail',
  clueDetail: '/clues/clueDetail',
};

/** localStorage key of the draft follow-up of one item: followDraftKey('clueDetail', '12') → 'followDraft:/clues/clueDetail:12'. */
export function followDraftKey(kind: DraftKind, id: string | number): string {
  return `followDraft:${PATHS[kind]}:${id}`;
}

/** The draft kind of a path, if its tab owns drafts. */
export function draftKindOf(pathname: string): DraftKind | null {
  const hit = (Object.keys(PATHS) as DraftKind[]).find((k) => PATHS[k] === pathname);
  return hit ?? null;
}

/** Removes the draft of the item a closed tab showed (the `id` query parameter of its full path). */
export function clearDraftForTab(fullPath: string): void {
  const [pathname = '', search = ''] = fullPath.split('?');
  const kind = draftKindOf(pathname);
  if (!kind) return;
  const q = new URLSearchParams(search);
  const id = q.get('id') ?? q.get('clueId') ?? q.get('resourceId');
  if (id === null) return;
  try {
    localStorage.removeItem(followDraftKey(kind, id));
  } catch {
    /* ignore */
  }
}
