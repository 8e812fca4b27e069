// /financial/discountRate: the highest discount rates allowed and the rule each campus works under per month.
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { listTab, TabbedScreen } from '../settings/TabbedScreen';
import { monthsDef, rulesDef } from './rates';

export default function DiscountRate() {
  const t = useT();
  return (
    <ScreenFrame description={t('rate.financial.desc')}>
      <TabbedScreen
        tabs={[listTab('rules', t('rate.rules'), rulesDef), listTab('months', t('rate.months'), monthsDef)]}
      />
    </ScreenFrame>
  );
}
