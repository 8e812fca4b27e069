export * from './components/index.js';
export * from './inputs/index.js';
