// The set-up every screen test file shares (imported by tests only).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { addMessages } from '../i18n/catalogue';
import type { Messages } from '../i18n/types';

/**
 * Call inside a `describe`: before its tests, the texts the screens' feature entry loads
 * (features/index.ts) and how long `findBy…`/`waitFor` wait (a busy machine renders a lazy screen
 * slowly); after each test, what it rendered unmounted and the mocks' calls forgotten.
 */
export function screenTest(o: { messages: readonly Messages[]; waitMs: number }): void {
  beforeAll(() => {
    addMessages(...o.messages);
    configure({ asyncUtilTimeout: o.waitMs });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });
}
