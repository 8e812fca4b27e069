// Every feature: its screens and the message sets they show. One entry per feature.
// `messages` are loaded before the feature's first screen renders (app/registry.ts), so the first
// page carries only the shell's texts; list the sets of other features whose texts a screen shows
// (the check in i18n/featureMessages.test.ts names what is missing).
import type { Feature } from '../app/screens';
import { billingRoutes } from './billing/routes';
import { clueRoutes } from './clues/routes';
import { clueAnalysisRoutes } from './clueAnalysis/routes';
import { dashboardRoutes } from './dashboards/routes';
import { reportRoutes } from './reports/routes';
import { homeRoutes } from './home/routes';
import { operationRoutes } from './operation/routes';
import { orderRoutes } from './orders/routes';
import { payopsRoutes } from './payops/routes';
import { payrollRoutes } from './payroll/routes';
import { serviceRoutes } from './services/routes';
import { productRoutes } from './products/routes';
import { promotionRoutes } from './promotions/routes';
import { settingsRoutes } from './settings/routes';
import { staffRoutes } from './staff/routes';
import { studentRoutes } from './students/routes';
import { systemRoutes } from './system/routes';
import { teachingRoutes } from './teaching/routes';
import { trainingRoutes } from './training/routes';
import { workbenchRoutes } from './workbench/routes';

/** Each feature's messages.ts, downloaded with the first screen that needs it. */
const messages = {
  home: () => import('./home/messages').then((m) => m.homeMessages),
  operation: () => import('./operation/messages').then((m) => m.operationMessages),
  settings: () => import('./settings/messages').then((m) => m.settingsMessages),
  clues: () => import('./clues/messages').then((m) => m.clueMessages),
  clueAnalysis: () => import('./clueAnalysis/messages').then((m) => m.clueAnalysisMessages),
  dashboards: () => import('./dashboards/messages').then((m) => m.dashboardMessages),
  reports: () => import('./reports/messages').then((m) => m.reportMessages),
  system: () => import('./system/messages').then((m) => m.systemMessages),
  /** The pay-online dialog and receipt button (orders/PayOnlineDialog.tsx): every screen mounting them lists it. */
  pay: () => import('./orders/payMessages').then((m) => m.payMessages),
  calls: () => import('./calls/messages').then((m) => m.callsMessages),
  students: () => import('./students/messages').then((m) => m.studentMessages),
  orders: () => import('./orders/messages').then((m) => m.orderMessages),
  billing: () => import('./billing/messages').then((m) => m.billingMessages),
  teaching: () => import('./teaching/messages').then((m) => m.teachingMessages),
  services: () => import('./services/messages').then((m) => m.serviceMessages),
  products: () => import('./products/messages').then((m) => m.productMessages),
  promotions: () => import('./promotions/messages').then((m) => m.promotionMessages),
  payroll: () => import('./payroll/messages').then((m) => m.payrollMessages),
  training: () => import('./training/messages').then((m) => m.trainingMessages),
  payops: () => import('./payops/messages').then((m) => m.payopsMessages),
};

export const features: Feature[] = [
  { name: 'home', routes: homeRoutes, messages: [messages.home] },
  { name: 'operation', routes: operationRoutes, messages: [messages.operation] },
  // /setting/salary shows the payroll feature's rules and course switch tabs.
  { name: 'settings', routes: settingsRoutes, messages: [messages.settings, messages.payroll] },
  { name: 'staff', routes: staffRoutes, messages: [messages.settings] },
  // The agent panel and the phone numbers that dial (clue lists' columns) show on clue screens.
  { name: 'clues', routes: clueRoutes, messages: [messages.clues, messages.calls] },
  { name: 'clueAnalysis', routes: clueAnalysisRoutes, messages: [messages.clueAnalysis] },
  { name: 'dashboards', routes: dashboardRoutes, messages: [messages.dashboards] },
  // Course share, cases and settlement use the dashboards' header and filter bar (their texts).
  { name: 'reports', routes: reportRoutes, messages: [messages.reports, messages.dashboards] },
  { name: 'workbench', routes: workbenchRoutes, messages: [messages.clues, messages.calls] },
  { name: 'system', routes: systemRoutes, messages: [messages.system] },
  { name: 'teaching', routes: teachingRoutes, messages: [messages.teaching, messages.orders] },
  // The student detail's e-contracts tab is the services feature's section (its texts come with it).
  {
    name: 'students',
    routes: studentRoutes,
    messages: [messages.students, messages.orders, messages.services],
  },
  // The order detail shows the order's invoices (services/OrderInvoices.tsx).
  { name: 'orders', routes: orderRoutes, messages: [messages.orders, messages.pay, messages.services] },
  // /staffsalary/manage shows the salary applications' tabs (payops) on the orders' approval screen.
  {
    name: 'payroll',
    routes: payrollRoutes,
    messages: [messages.payroll, messages.payops, messages.orders],
  },
  // The approval screens reuse the orders' approval screen (its texts come with it).
  { name: 'payops', routes: payopsRoutes, messages: [messages.payops, messages.orders] },
  { name: 'training', routes: trainingRoutes, messages: [messages.training] },
  // The student picker (orders/StudentPicker.tsx) shows the orders set's texts.
  // The term's online payment shows the pay dialog's QR code (its texts come with the pay set).
  {
    name: 'billing',
    routes: billingRoutes,
    messages: [messages.billing, messages.orders, messages.pay, messages.students],
  },
  // Service screens reuse the orders' approval screen and student picker (their texts come with them).
  { name: 'services', routes: serviceRoutes, messages: [messages.services, messages.orders] },
  // The product screens use the settings frame and tabs (their texts come with the settings set).
  { name: 'products', routes: productRoutes, messages: [messages.products, messages.settings] },
  // The promotion and discount rate screens use the settings frame and tabs (their texts).
  {
    name: 'promotions',
    routes: promotionRoutes,
    messages: [messages.promotions, messages.settings],
  },
];

/** Every message set a feature may load (tests check them against each other). */
export const messageLoaders = messages;
