// Record forms: a create/edit dialog from a zod schema and a field layout.
export * from './RecordFormDialog.js';
export * from './serverError.js';
