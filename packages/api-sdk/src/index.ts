export * from './contract/define.js';
export * from './contract/index.js';
export * from './errors.js';
export * from './client.js';
export * from './openapi.js';
export * from './sdk.js';
export * from './contract/masterData.js';
