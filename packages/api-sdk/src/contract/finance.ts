// Finance master data: bank accounts, bill/income/pay types, tax rates, reasons...
import type { Slice } from './define.js';

export const finance = {} satisfies Slice;
