// Forms: one schema-driven kit (useSchemaForm, fields, FormDialog) and the list kit's record dialog built on it.
export * from './RecordFormDialog.js';
export * from './serverError.js';
export * from './messages.js';
export * from './schema.js';
export * from './useSchemaForm.js';
export * from './FormParts.js';
export * from './fields.js';
