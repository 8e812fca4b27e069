// The promotions slice's public face: its handlers, and the engine source the app sets on pricing
// (docs/pricing.md). Other slices price through pricing.quote, never through this slice.
export { promotionsHandlers } from './handlers.js';
export { promotionsSource } from './source.js';
export { promoOffers, promoVouchers, promoVoucherUses, promoPrinciples, promoTerms } from './tables.js';
