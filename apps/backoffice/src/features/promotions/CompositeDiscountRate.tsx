// /product/compositeDiscountRate: the discount rate each campus gave per month, and the orders behind it.
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { listTab, TabbedScreen } from '../settings/TabbedScreen';
import { campusFiguresDef, orderFiguresDef } from './rates';

export default function CompositeDiscountRate() {
  const t = useT();
  return (
    <ScreenFrame description={t('rate.composite.desc')}>
      <TabbedScreen
        tabs={[
          listTab('campuses', t('rate.byCampus'), campusFiguresDef),
          listTab('orders', t('rate.byOrder'), orderFiguresDef),
        ]}
      />
    </ScreenFrame>
  );
}
