export * from './components/index.js';
export * from './inputs/index.js';
export * from './list/index.js';
export * from './form/index.js';
export * from './money/index.js';
