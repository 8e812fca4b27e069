// Clue settings: channels, transfers, abandons, flow types, reasons, clue targets.
import type { Slice } from './define.js';

export const clueSettings = {} satisfies Slice;
