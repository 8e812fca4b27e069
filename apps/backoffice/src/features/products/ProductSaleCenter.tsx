// /product/productSaleCenter: what each campus may sell, from when, and the price history.
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { listTab, TabbedScreen } from '../settings/TabbedScreen';
import { pricesDef, salesDef } from './catalogue';

const sales = salesDef('product');
const prices = pricesDef('product');

export default function ProductSaleCenter() {
  const t = useT();
  return (
    <ScreenFrame description={t('prd.saleCenter.desc')}>
      <TabbedScreen
        tabs={[listTab('sales', t('prd.tab.sales'), sales), listTab('prices', t('prd.tab.prices'), prices)]}
      />
    </ScreenFrame>
  );
}
