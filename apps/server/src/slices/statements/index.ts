// The statements slice's public face: monthly account statements drawn from the ledger (issue 14).
export { accountStatements } from './tables.js';
export { statementsHandlers } from './handlers.js';
