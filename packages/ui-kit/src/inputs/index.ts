export * from './AmountInput.js';
export * from './DigitsInput.js';
export * from './CappedNumberInput.js';
export * from './TextWithCounter.js';
export type { InputFrameProps } from './shell.js';
