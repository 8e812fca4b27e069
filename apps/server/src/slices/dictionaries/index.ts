// The dictionaries slice's public face: dictionary items for selectors and the registries other
// slices' usage checkers join.
export { dictItems } from './service.js';
export { channelGroupUsage, dictItemUsage, tagUsage } from './usage.js';
export { dictionariesHandlers } from './handlers.js';
