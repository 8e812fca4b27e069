// The detail of every promotion (/discount/*Detail, /newDiscount/*Detail, ?id=): its rule, scope and
// status tag, its status commands, and the orders it gave something to. The title is its stored name.
import type { TOfferDetail, TOfferKind } from '@bo/api-sdk';
import { Button, Card, MoneyText, PageHeader, Spinner, useConfirm } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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

function Records({ code }: { code: string }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['promotions', 'records', code],
    queryFn: () => sdk.promotions.recordList({ body: { offerCode: code, pageIdx: 1, pageSize: 50 } }),
  });
  const rows = q.data?.list ?? [];
  return (
    <Card title={t('promo.records')}>
      {q.isLoading ? (
        <Spinner size={16} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-subtle">{t('promo.recordsEmpty')}</p>
      ) : (
        <table className="w-full text-sm" aria-label={t('promo.records')}>
          <thead className="text-xs text-muted">
            <tr>
              <th className="text-left font-medium">{t('promo.order')}</th>
              <th className="text-left font-medium">{t('promo.campus')}</th>
              <th className="text-left font-medium">{t('promo.courses')}</th>
              <th className="text-right font-medium">{t('promo.amount')}</th>
              <th className="text-left font-medium">{t('promo.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={`${r.orderId}-${i}`} className="border-t border-line">
                <td>{r.orderCode}</td>
                <td>{r.schoolItemCode}</td>
                <td>{r.courseName}</td>
                <td className="text-right">
                  <MoneyText yuan={r.amount} />
                </td>
                <td>{r.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
    await OFFER_API[offerKind].setStatus(d, status);
    await qc.invalidateQueries({ queryKey: ['promotions'] });
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
