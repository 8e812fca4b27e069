// The one list declaration of every promotion list screen (/discount/*Manage, /newDiscount/*List):
// search by name, state and campus, the status tag, open, edit, publish / disable / cancel.
import type { TOfferKind, TOfferRow } from '@bo/api-sdk';
import { Button } from '@bo/ui-kit';
import { useMemo } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { useT, type TFunction } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { OfferStatusTag, offerTag, tagText } from './OfferStatusTag';
import { OFFER_API, PATHS, offerKindOf, type Family, type ListFilter, type ScreenKind } from './offers';
import { ruleText } from './ruleText';

const STATES = [0, 5, 10, 20, 30] as const;

export const detailPath = (family: Family, kind: ScreenKind, r: Pick<TOfferRow, 'id' | 'name'>) =>
  `${PATHS[family][kind].detail}?id=${r.id}&name=${encodeURIComponent(r.name)}`;
export const editPath = (family: Family, kind: ScreenKind, id: number) =>
  `${PATHS[family][kind].add}?id=${id}`;

/** Whether an offer in its state takes a status command (shared by the list and the detail). */
export function canSetStatus(kind: TOfferKind, r: Pick<TOfferRow, 'status'>, status: 0 | 1 | 2): boolean {
  const activity = kind === 'activity' || kind === 'firstActivity';
  if (status === 1) return r.status === 0;
  if (status === 0) return r.status === 1 && !activity;
  return r.status !== 2 && activity;
}

/** The label and confirmation of a status command. */
export function statusCommand(t: TFunction, kind: TOfferKind, status: 0 | 1 | 2) {
  if (status === 1) return { label: t(kind === 'voucher' ? 'promo.enable' : 'promo.publish'), danger: false };
  if (status === 0)
    return {
      label: t('promo.withdraw'),
      danger: true,
      confirm: (name: string) => t('promo.withdrawConfirm', { name }),
    };
  return {
    label: t('promo.cancel'),
    danger: true,
    confirm: (name: string) => t('promo.cancelConfirm', { name }),
  };
}

export function offerListDef(
  family: Family,
  kind: ScreenKind,
  navigate: NavigateFunction,
): ListScreenDef<TOfferRow> {
  const offerKind = offerKindOf(family, kind);
  const api = OFFER_API[offerKind];
  const what = (t: TFunction) => t(`promo.kind.${offerKind}`);
  return {
    key: `promo-${family}-${kind}`,
    what,
    rowId: (r) => String(r.id),
    rowName: (r) => r.name,
    searchFields: (t) => [
      { kind: 'text', name: 'name', label: t('promo.name') },
      {
        kind: 'select',
        name: 'state',
        label: t('promo.state'),
        options: STATES.map((s) => ({ value: String(s), label: t(tagText(offerTag(offerKind, s))) })),
      },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('promo.campus'),
        render: asSearchField(CampusMasterSelect),
      },
    ],
    columns: (t) => [
      { id: 'code', header: t('promo.code') },
      {
        id: 'name',
        header: t('promo.name'),
        cell: (r) => (
          <a
            href={detailPath(family, kind, r)}
            className="text-brand-700 hover:underline"
            onClick={(e) => {
              e.preventDefault();
              void navigate(detailPath(family, kind, r));
            }}
          >
            {r.name}
          </a>
        ),
      },
      ...(offerKind === 'firstActivity'
        ? []
        : [{ id: 'rule', header: t('promo.rule'), value: (r: TOfferRow) => ruleText(t, r) }]),
      { id: 'period', header: t('promo.period'), value: (r) => `${r.startDate} ~ ${r.endDate}` },
      ...(offerKind === 'voucher'
        ? [
            { id: 'issued' as const, header: t('promo.issued'), align: 'right' as const },
            { id: 'used' as const, header: t('promo.used'), align: 'right' as const },
          ]
        : []),
      {
        id: 'state',
        header: t('promo.state'),
        value: (r) => t(tagText(offerTag(offerKind, r.state))),
        cell: (r) => <OfferStatusTag kind={offerKind} state={r.state} />,
      },
      { id: 'remark', header: t('promo.remark'), defaultHidden: true },
    ],
    list: (a) => api.list(listQuery<ListFilter>(a)),
    toolbar: (t) => (
      <Button variant="primary" onClick={() => void navigate(PATHS[family][kind].add)}>
        {t('promo.add', { what: what(t) })}
      </Button>
    ),
    rowActions: (t, h) => [
      { key: 'open', label: t('promo.detail'), onClick: (r) => navigate(detailPath(family, kind, r)) },
      {
        key: 'edit',
        label: t('promo.edit', { what: '' }).trim(),
        hidden: (r) => r.status === 2,
        onClick: (r) => navigate(editPath(family, kind, r.id)),
      },
      ...([1, 0, 2] as const).map((status) => {
        const c = statusCommand(t, offerKind, status);
        const confirm = c.confirm;
        return {
          key: `status-${status}`,
          label: c.label,
          danger: c.danger,
          hidden: (r: TOfferRow) => !canSetStatus(offerKind, r, status),
          ...(confirm ? { confirm: (r: TOfferRow) => confirm(r.name) } : {}),
          onClick: async (r: TOfferRow) => {
            await api.setStatus(r, status);
            await h.refresh();
          },
        };
      }),
    ],
  };
}

/** A promotion list screen of one family and kind. */
export function OfferListScreen({ family, kind }: { family: Family; kind: ScreenKind }) {
  const t = useT();
  const navigate = useNavigate();
  const def = useMemo(() => offerListDef(family, kind, navigate), [family, kind, navigate]);
  const offerKind = offerKindOf(family, kind);
  return (
    <ScreenFrame
      description={t(
        offerKind === 'firstActivity'
          ? 'promo.first.desc'
          : family === 'v1'
            ? 'promo.v1.desc'
            : 'promo.v2.desc',
      )}
    >
      <ListScreenView def={def} />
    </ScreenFrame>
  );
}
