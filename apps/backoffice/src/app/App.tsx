import { ConfirmProvider, ToastProvider } from '@bo/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { I18nProvider, useT } from '../i18n';
import { FormKitProvider } from './form/FormKitProvider';
import { ListKitProvider } from './list/kitLabels';
import { installReloadOnChunkError } from './reload';
import { createAppRouter } from './router';
import { queryClient } from './sdk';
import { UpdateChecker } from './UpdateChecker';

function Providers() {
  const t = useT();
  const router = useMemo(() => createAppRouter(), []);
  const labels = useMemo(
    () => ({ ok: t('common.ok'), cancel: t('common.cancel'), close: t('common.close') }),
    [t],
  );
  useEffect(() => installReloadOnChunkError(), []);
  return (
    <ToastProvider>
      <ConfirmProvider labels={labels}>
        <FormKitProvider>
          <ListKitProvider>
            <RouterProvider router={router} />
          </ListKitProvider>
          <UpdateChecker />
        </FormKitProvider>
      </ConfirmProvider>
    </ToastProvider>
  );
}

export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <Providers />
      </QueryClientProvider>
    </I18nProvider>
  );
}
