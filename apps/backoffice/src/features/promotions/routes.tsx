// The 24 promotion routes of /discount/* and /newDiscount/* (offers.ts PATHS) over three screens,
// and the two discount rate screens.
import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';
import { PATHS, SCREEN_KINDS, type Family, type ScreenKind } from './offers';

const OfferList = lazy(() => import('./OfferList').then((m) => ({ default: m.OfferListScreen })));
const OfferEdit = lazy(() => import('./OfferEdit').then((m) => ({ default: m.OfferEditScreen })));
const OfferDetail = lazy(() => import('./OfferDetail').then((m) => ({ default: m.OfferDetailScreen })));

function offerRoutes(family: Family, kind: ScreenKind): ScreenRoute[] {
  const p = PATHS[family][kind];
  return [
    { path: p.list, component: () => <OfferList family={family} kind={kind} /> },
    { path: p.add, component: () => <OfferEdit family={family} kind={kind} /> },
    { path: p.detail, component: () => <OfferDetail family={family} kind={kind} /> },
  ];
}

export const promotionRoutes: ScreenRoute[] = [
  ...(['v1', 'v2'] as const).flatMap((f) => SCREEN_KINDS.flatMap((k) => offerRoutes(f, k))),
  { path: '/financial/discountRate', component: lazy(() => import('./DiscountRate')) },
  { path: '/product/compositeDiscountRate', component: lazy(() => import('./CompositeDiscountRate')) },
];
