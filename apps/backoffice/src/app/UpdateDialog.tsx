// The "new version" prompt of UpdateChecker, in its own chunk: the dialog's code (headless UI)
// stays out of the first page.
import { Button, Dialog } from '@bo/ui-kit';
import { useT } from '../i18n';

export function UpdateDialog({ open, onLater }: { open: boolean; onLater: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onLater}
      title={t('update.title')}
      size="sm"
      closeLabel={t('common.close')}
      footer={
        <>
          <Button onClick={onLater}>{t('update.later')}</Button>
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
