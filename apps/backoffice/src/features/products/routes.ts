import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const productRoutes: ScreenRoute[] = [
  { path: '/product/productList', component: lazy(() => import('./ProductList')) },
  { path: '/product/productSaleCenter', component: lazy(() => import('./ProductSaleCenter')) },
  { path: '/product/health', component: lazy(() => import('./Health')) },
  { path: '/settlement/evaluateInventory', component: lazy(() => import('./EvaluateInventory')) },
  { path: '/settlement/checkInventory', component: lazy(() => import('./CheckInventory')) },
];
