// /product/productList: headquarters' products (a package of one course's hours, its standard unit price).
import { defineListScreen } from '../../app/list';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { itemsDef } from './catalogue';

const Products = defineListScreen(itemsDef('product'));

export default function ProductList() {
  const t = useT();
  return (
    <ScreenFrame description={t('prd.productList.desc')}>
      <Products />
    </ScreenFrame>
  );
}
