// The resources slice's public face: calls read and check resources through these names.
export { activeResource, assertCanSee, loadResource, type ResourceRecord } from './common.js';
export { resourcesHandlers } from './handlers.js';
