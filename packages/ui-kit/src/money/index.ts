// Money parts: read-only amounts, the amount in capitals and the price breakdown of an order.
export * from './labels.js';
export * from './MoneyText.js';
export * from './PriceBreakdown.js';
