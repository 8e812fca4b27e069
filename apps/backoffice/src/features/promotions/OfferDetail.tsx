// The detail of every promotion (/discount/*Detail, /newDiscount/*Detail, ?id=): its rule, scope and
// status tag, its status commands, and the orders it gave something to. The title is its stored name.
import type { TOfferDetail, TOfferKind } from '@bo/api-sdk';
import { Button, Card, MoneyText, PageHeader, Spinner, useConfirm } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { runCommand } from '../../app/invalidation';
import { ListScreenView, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/pageTitle';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { canSetStatus, detailPath, editPath, statusCommand } from './OfferList';
import { OfferStatusTag } from './OfferStatusTag';
import { OFFER_API, offerKindOf, type Family, type ScreenKind } from './offers';
import { ruleText } from './ruleText';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type RecordRow = Awaited<ReturnType<typeof sdk.promotions.recordList>>['list'][number];

/**
 * The orders an offer gave something to, through the list kit: paged by the server, filtered by
 * campus, and exported whole (every page of the filter) like every list.
 */
function Records({ code }: { code: string }) {
  const def = useMemo<ListScreenDef<RecordRow>>(
    () => ({
      key: `promo-records-${code}`,
      what: (t) => t('promo.record'),
      title: (t) => t('promo.records'),
      rowId: (r) => `${r.orderId}|${r.source}|${r.courseName}|${r.label}`,
      searchFields: (t) => [
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: t('promo.campus'),
          render: asSearchField(CampusMasterSelect),
        },
      ],
      columns: (t) => [
        { id: 'orderCode', header: t('promo.order'), fixed: true },
        { id: 'schoolItemCode', header: t('promo.campus') },
        { id: 'courseName', header: t('promo.courses') },
        { id: 'label', header: t('promo.recordLabel') },
        {
          id: 'amount',
          header: t('promo.amount'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.amount} />,
          exportValue: (r) => Number(r.amount),
        },
        { id: 'createdAt', header: t('promo.createdAt'), value: (r) => r.createdAt.slice(0, 10) },
      ],
      list: (a) =>
        sdk.promotions.recordList({
          body: {
            offerCode: code,
            schoolItemCode: a.filters.schoolItemCode || undefined,
            pageIdx: a.pageIdx,
            pageSize: a.pageSize,
          },
        }),
    }),
    [code],
  );
  return (
    <Card>
      <ListScreenView def={def} paramPrefix="rec" />
    </Card>
  );
}

function Body({
  family,
  kind,
  offerKind,
  d,
}: {
  family: Family;
  kind: ScreenKind;
  offerKind: TOfferKind;
  d: TOfferDetail;
}) {
  const t = useT();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const names = (xs: { name: string }[], all: string) => (xs.length ? xs.map((x) => x.name).join('、') : all);
  const setStatus = async (status: 0 | 1 | 2) => {
    const c = statusCommand(t, offerKind, status);
    if (c.confirm && !(await confirm({ title: c.label, message: c.confirm(d.name), danger: true }))) return;
    await runCommand(qc, () => OFFER_API[offerKind].setStatus(d, status));
  };
  return (
    <div className="space-y-4">
      <Card
        title={d.name}
        aria-label={d.name}
        extra={
          <div className="flex items-center gap-2">
            <OfferStatusTag kind={offerKind} state={d.state} />
            {d.status !== 2 && (
              <Button size="sm" onClick={() => void navigate(editPath(family, kind, d.id))}>
                {t('promo.edit', { what: '' }).trim()}
              </Button>
            )}
            {([1, 0, 2] as const)
              .filter((s) => canSetStatus(offerKind, d, s))
              .map((s) => {
                const c = statusCommand(t, offerKind, s);
                return (
                  <Button
                    key={s}
                    size="sm"
                    variant={c.danger ? 'danger' : 'primary'}
                    onClick={() => void setStatus(s)}
                  >
                    {c.label}
                  </Button>
                );
              })}
          </div>
        }
      >
        <dl className="text-sm">
          <Field label={t('promo.code')}>{d.code}</Field>
          {offerKind !== 'firstActivity' && <Field label={t('promo.rule')}>{ruleText(t, d) || '—'}</Field>}
          <Field label={t('promo.period')}>{`${d.startDate} ~ ${d.endDate}`}</Field>
          {offerKind !== 'firstActivity' && (
            <>
              <Field label={t('promo.campuses')}>{names(d.campuses, t('promo.allCampuses'))}</Field>
              <Field label={t('promo.courses')}>{names(d.courses, t('promo.allCourses'))}</Field>
            </>
          )}
          {offerKind === 'voucher' && (
            <Field label={`${t('promo.issued')} / ${t('promo.used')}`}>{`${d.issued} / ${d.used}`}</Field>
          )}
          {d.coupons.length > 0 && <Field label={t('promo.coupons')}>{names(d.coupons, '')}</Field>}
          {d.remark && <Field label={t('promo.remark')}>{d.remark}</Field>}
        </dl>
      </Card>
      {offerKind === 'firstActivity' && (
        <Card title={t('promo.children')}>
          <ul className="space-y-1 text-sm">
            {d.children.map((c) => (
              <li key={c.id} className="flex items-center gap-2">
                <a
                  href={detailPath('v2', 'activity', c)}
                  className="text-brand-700 hover:underline"
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate(detailPath('v2', 'activity', c));
                  }}
                >
                  {c.name}
                </a>
                <OfferStatusTag kind="activity" state={c.state} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {offerKind !== 'firstActivity' && <Records code={d.code} />}
    </div>
  );
}

export function OfferDetailScreen({ family, kind }: { family: Family; kind: ScreenKind }) {
  const t = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '') || 0;
  const offerKind = offerKindOf(family, kind);
  const q = useQuery({
    queryKey: ['promotions', offerKind, 'detail', id],
    queryFn: () => OFFER_API[offerKind].detail(id),
    enabled: id > 0,
  });
  usePageTitle(q.data?.name);
  return (
    <>
      <PageHeader title={q.data?.name ?? params.get('name') ?? t(`promo.kind.${offerKind}`)} />
      {id === 0 ? (
        <p role="alert">{t('promo.notFound')}</p>
      ) : q.isError ? (
        <p role="alert">{errorText(q.error)}</p>
      ) : q.data ? (
        <Body family={family} kind={kind} offerKind={offerKind} d={q.data} />
      ) : (
        <Spinner size={20} />
      )}
    </>
  );
}
