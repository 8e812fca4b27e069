// User feedback and upload credentials (spec §2 feedback form, /sts/security).
import type { Slice } from './define.js';

export const feedback = {} satisfies Slice;
