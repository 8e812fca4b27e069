// Polls for a new build every 300000 ms (spec §4) and asks to refresh (spec §8 texts).
import { UPDATE_POLL_MS } from '@bo/domain';
import { Button, Dialog } from '@bo/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { checkForUpdate, currentAsset } from './version';

export function UpdateChecker({ intervalMs = UPDATE_POLL_MS }: { intervalMs?: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const deferred = useRef(false);

  useEffect(() => {
    const current = currentAsset();
    if (!current) return undefined;
    const id = window.setInterval(() => {
      if (deferred.current) return;
      void checkForUpdate(current).then((isNew) => {
        if (isNew) setOpen(true);
      });
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);

  const later = () => {
    deferred.current = true;
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={later}
      title={t('update.title')}
      size="sm"
      closeLabel={t('common.close')}
      footer={
        <>
          <Button onClick={later}>{t('update.later')}</Button>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('update.refresh')}
          </Button>
        </>
      }
    >
      {t('update.text')}
    </Dialog>
  );
}
