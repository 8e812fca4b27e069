export * from './components/index.js';
