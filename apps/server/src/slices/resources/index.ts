// The resources slice's public face: calls read and check resources through these names.
export { activeResource, assertCanSee, loadResource, type ResourceRecord } from './common.js';
export { resourcesHandlers } from './handlers.js';
// Registers the usage checkers other slices' master data asks before a delete or disable.
import './usage.js';
