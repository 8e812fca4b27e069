// The one status tag of every offer, derived from its stored status and §4 state (dates against
// today on the server's clock): draft or disabled, not started (orange), active (blue), expired
// (green), cancelled (grey) — the colours of spec §4.
import type { TOfferKind } from '@bo/api-sdk';
import { Badge, type Tone } from '@bo/ui-kit';
import { useT, type MessageKey } from '../../i18n';

type TagKey = 'draft' | 'disabled' | 'notStarted' | 'active' | 'expired' | 'cancelled';

/** A voucher configuration not enabled is "disabled"; any other offer not published is a draft. */
export function offerTag(kind: TOfferKind, state: number): TagKey {
  switch (state) {
    case 5:
      return 'notStarted';
    case 10:
      return 'active';
    case 20:
      return 'expired';
    case 30:
      return 'cancelled';
    default:
      return kind === 'voucher' ? 'disabled' : 'draft';
  }
}

const TONES: Record<TagKey, Tone> = {
  draft: 'neutral',
  disabled: 'grey',
  notStarted: 'orange',
  active: 'blue',
  expired: 'green',
  cancelled: 'grey',
};

export const tagText = (key: TagKey): MessageKey => `promo.state.${key}`;

export function OfferStatusTag({ kind, state }: { kind: TOfferKind; state: number }) {
  const t = useT();
  const key = offerTag(kind, state);
  return (
    <Badge tone={TONES[key]} dot>
      {t(tagText(key))}
    </Badge>
  );
}
