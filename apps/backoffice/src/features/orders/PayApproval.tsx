// /financial/payApproval: payment approvals. Finance sees what an order's records add up to and
// confirms them (the order becomes effective and its hours are posted) or rejects them.
import { MoneyText } from '@bo/ui-kit';
import { Card } from '@bo/ui-kit';
import { listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApprovalScreen, type ApprovalScreenDef } from './approvalScreen';
import { OrderBreakdown, OrderFacts, OrderLink, PayRecordsTable, useOrderTypeName } from './parts';

type Row = Awaited<ReturnType<typeof sdk.orders.approvalList>>['list'][number];
type Detail = Awaited<ReturnType<typeof sdk.orders.approvalDetail>>;

function OrderTypeCell({ code }: { code: number }) {
  const name = useOrderTypeName();
  return <>{name(code)}</>;
}

function PaySubject({ detail }: { detail: Detail }) {
  const t = useT();
  const o = detail.order;
  return (
    <div className="space-y-4">
      <OrderFacts order={o} />
      <Card>
        <OrderBreakdown order={o} />
      </Card>
      <section>
        <h3 className="mb-2 text-sm font-semibold">
          {t('pay.records')} · <MoneyText yuan={o.pending} />
        </h3>
        <PayRecordsTable records={o.payRecords} />
      </section>
    </div>
  );
}

export const payApprovalDef: ApprovalScreenDef<Row, Detail> = {
  key: 'payApprovals',
  what: (t) => t('apv.payTitle'),
  list: (a) => sdk.orders.approvalList({ query: listQuery(a) }),
  detail: (id) => sdk.orders.approvalDetail({ params: { id } }),
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('ord.keyword') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('ord.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  subjectColumns: (t) => [
    {
      id: 'orderCode',
      header: t('ord.orderCode'),
      fixed: true,
      cell: (r) => <OrderLink id={r.orderId} code={r.orderCode} />,
    },
    { id: 'studentName', header: t('ord.student') },
    {
      id: 'orderType',
      header: t('ord.orderType'),
      cell: (r) => <OrderTypeCell code={r.orderType} />,
    },
    { id: 'schoolItemName', header: t('ord.campus'), value: (r) => r.schoolItemName ?? r.schoolItemCode },
  ],
  subject: (d) => <PaySubject detail={d} />,
  subjectSlices: ['orders', 'students'],
};

export default function PayApproval() {
  return <ApprovalScreen def={payApprovalDef} />;
}
