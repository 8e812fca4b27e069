export { FormKitProvider } from './FormKitProvider';
export { bodyOf, queryOf, useCommandForm, type CommandFormOptions } from './useCommandForm';
