// /product/health: assessment (health) products, their campus sales and prices.
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { listTab, TabbedScreen } from '../settings/TabbedScreen';
import { itemsDef, pricesDef, salesDef } from './catalogue';

const items = itemsDef('assess');
const sales = salesDef('assess');
const prices = pricesDef('assess');

export default function Health() {
  const t = useT();
  return (
    <ScreenFrame description={t('prd.health.desc')}>
      <TabbedScreen
        tabs={[
          listTab('items', t('prd.tab.items'), items),
          listTab('sales', t('prd.tab.sales'), sales),
          listTab('prices', t('prd.tab.prices'), prices),
        ]}
      />
    </ScreenFrame>
  );
}
