// The invoices slice's public face: invoice content configurations and invoices of paid orders.
export { invoiceContents, invoices } from './tables.js';
export { invoicesHandlers } from './handlers.js';
