// /settlement/checkInventory: finance's stocktaking sheets, generated per month and rechecked.
import { Button, useToast } from '@bo/ui-kit';
import { defineListScreen } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { lastMonth, recheckDef } from './inventory';

const Sheets = defineListScreen({
  ...recheckDef,
  toolbar: (t, h) => (
    <GenerateButton month={h.filters.month || lastMonth()} label={t('prd.generate')} done={h.refresh} />
  ),
});

function GenerateButton({ month, label, done }: { month: string; label: string; done: () => Promise<void> }) {
  const t = useT();
  const toast = useToast();
  return (
    <Button
      onClick={async () => {
        const r = await sdk.products.recheckGenerate({ body: { month } });
        toast.success(t('prd.generated', { n: r.rows }));
        await done();
      }}
    >
      {label} {month}
    </Button>
  );
}

export default function CheckInventory() {
  const t = useT();
  return (
    <ScreenFrame description={t('prd.recheck.desc')}>
      <Sheets />
    </ScreenFrame>
  );
}
