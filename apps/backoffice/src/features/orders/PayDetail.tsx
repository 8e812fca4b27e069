// /students/payDetail: the income orders of the campuses in scope (orderList.tsx, the consultant's
// columns): open one, record its payment, revoke one not yet effective, or add a new order.
import { Button } from '@bo/ui-kit';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView } from '../../app/list';
import { useLocale, type TFunction } from '../../i18n';
import { orderListDef, type OrderListVariant } from './orderList';

export function OrderListScreen({ variant }: { variant: OrderListVariant }) {
  const navigate = useNavigate();
  const [locale] = useLocale();
  const def = useMemo(() => {
    const d = orderListDef(variant, navigate, locale);
    return variant === 'consultant'
      ? {
          ...d,
          toolbar: (t: TFunction) => (
            <Button variant="primary" onClick={() => void navigate('/students/order')}>
              {t('ord.newTitle')}
            </Button>
          ),
        }
      : d;
  }, [variant, navigate, locale]);
  return <ListScreenView def={def} />;
}

export default function PayDetail() {
  return <OrderListScreen variant="consultant" />;
}
