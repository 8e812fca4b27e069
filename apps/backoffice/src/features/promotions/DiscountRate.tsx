// /financial/discountRate: the highest discount rates allowed, the rule each campus works under per month,
// and the rate each order of a month was actually given (finance checks one against the other).
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { listTab, TabbedScreen } from '../settings/TabbedScreen';
import { monthsDef, orderFiguresDef, rulesDef } from './rates';

export default function DiscountRate() {
  const t = useT();
  return (
    <ScreenFrame description={t('rate.financial.desc')}>
      <TabbedScreen
        tabs={[
          listTab('rules', t('rate.rules'), rulesDef),
          listTab('months', t('rate.months'), monthsDef),
          listTab('orders', t('rate.byOrder'), orderFiguresDef),
        ]}
      />
    </ScreenFrame>
  );
}
