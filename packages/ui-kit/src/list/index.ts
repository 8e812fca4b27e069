// The list-page kit: one way to declare a list screen.
export * from './labels.js';
export * from './params.js';
export * from './types.js';
export * from './columnPrefs.js';
export * from './exportAll.js';
export * from './SearchForm.js';
export * from './StatusSwitch.js';
export * from './Pagination.js';
export * from './ColumnChooser.js';
export * from './DataTable.js';
export * from './useListUrlState.js';
export * from './ListPage.js';
export * from './views.js';
