import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const include = ['src/**/*.test.{ts,tsx}'];
/**
 * Files that run in processes of their own: those that `vi.mock` a module the app shares (the SDK,
 * the call centre's script), which a shared process may already have loaded unmocked, and the
 * catalogue's, which asserts what the catalogue holds before any feature loaded its texts.
 */
const ISOLATED = [
  'src/i18n/catalogue.test.ts',
  'src/features/calls/agent.test.tsx',
  'src/features/clues/AssessmentInner.test.tsx',
  'src/features/orders/PayOnlineDialog.test.tsx',
  'src/features/orders/CreatePay.test.tsx',
  'src/features/teaching/AdminAssessmentNew.test.tsx',
  'src/features/payops/DataExport.test.tsx',
  'src/features/billing/Repayments.test.tsx',
  'src/features/services/OrderInvoices.test.tsx',
  'src/features/orders/approvalScreen.test.tsx',
  'src/features/payops/ClassConfirm.test.tsx',
  'src/features/teaching/FileMonthDialog.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    passWithNoTests: false,
    projects: [
      // A worker runs file after file in one jsdom and imports React and the app once (most of a
      // small file's time); each file unmounts what it rendered and clears the storage it used.
      { extends: true, test: { name: 'app', include, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
