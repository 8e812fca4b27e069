// /settlement/evaluateInventory: assessments sold and used per campus and month.
import { defineListScreen } from '../../app/list';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { inventoryDef } from './inventory';

const Inventory = defineListScreen(inventoryDef);

export default function EvaluateInventory() {
  const t = useT();
  return (
    <ScreenFrame description={t('prd.inventory.desc')}>
      <Inventory />
    </ScreenFrame>
  );
}
