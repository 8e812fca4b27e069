// Who uses a channel group: the clue settings slice registers a checker for its channels
// (`channelGroupUsage.register('clueChannels', async (tx, code) => ... message | null)`).
import { usageRegistry } from '../../shared/masterdata/index.js';

export const channelGroupUsage = usageRegistry<string>();
/** Who uses a dictionary item (dictType, code); campuses' business types are checked by the dictionaries slice itself. */
export const dictItemUsage = usageRegistry<{ dictType: string; code: string }>();
/** Who carries a tag (a reference to its id); deleting a carried tag is refused, disabling is allowed. */
export const tagUsage = usageRegistry<{ id: number; tagType: number; name: string }>();
