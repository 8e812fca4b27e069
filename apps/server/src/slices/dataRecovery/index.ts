// Data recovery (/dataRecovery/orderRecovery): an administrator's previewed, recorded and reversible
// repairs of an order's income records and new/renewal flag. Public face: the handlers.
export { dataRecoveryHandlers } from './handlers.js';
