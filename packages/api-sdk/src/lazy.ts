// The same typed client, with each slice's contract (and zod with it) loaded on its first call:
// a browser page then downloads only the slices it calls, not the whole contract up front.
import type { Contract, SliceName } from './contract/index.js';
import type { AnyEndpoint, Slice } from './contract/define.js';
import { createCaller, type ClientOptions } from './client.js';
import type { Sdk } from './sdk.js';

/** Loads one slice of the contract. One line per slice, as in contract/index.ts. */
export const sliceLoaders: { [S in SliceName]: () => Promise<Contract[S]> } = {
  system: () => import('./contract/system.js').then((m) => m.system),
  feedback: () => import('./contract/feedback.js').then((m) => m.feedback),
  common: () => import('./contract/common.js').then((m) => m.common),
  organisation: () => import('./contract/organisation.js').then((m) => m.organisation),
  dictionaries: () => import('./contract/dictionaries.js').then((m) => m.dictionaries),
  courses: () => import('./contract/courses.js').then((m) => m.courses),
  finance: () => import('./contract/finance.js').then((m) => m.finance),
  employees: () => import('./contract/employees.js').then((m) => m.employees),
  clueSettings: () => import('./contract/clueSettings.js').then((m) => m.clueSettings),
  courseAuthority: () => import('./contract/courseAuthority.js').then((m) => m.courseAuthority),
  schoolFinance: () => import('./contract/schoolFinance.js').then((m) => m.schoolFinance),
  clues: () => import('./contract/clues/index.js').then((m) => m.clues),
  resources: () => import('./contract/resources.js').then((m) => m.resources),
  calls: () => import('./contract/calls.js').then((m) => m.calls),
  tasks: () => import('./contract/tasks.js').then((m) => m.tasks),
  workbench: () => import('./contract/workbench.js').then((m) => m.workbench),
  clueAnalysis: () => import('./contract/clueAnalysis.js').then((m) => m.clueAnalysis),
  courseTransfers: () => import('./contract/courseTransfers.js').then((m) => m.courseTransfers),
  dashboards: () => import('./contract/dashboards.js').then((m) => m.dashboards),
  reports: () => import('./contract/reports.js').then((m) => m.reports),
  dataRecovery: () => import('./contract/dataRecovery.js').then((m) => m.dataRecovery),
  approvals: () => import('./contract/approvals.js').then((m) => m.approvals),
  payments: () => import('./contract/payments.js').then((m) => m.payments),
  payroll: () => import('./contract/payroll.js').then((m) => m.payroll),
  promotions: () => import('./contract/promotions.js').then((m) => m.promotions),
  students: () => import('./contract/students.js').then((m) => m.students),
  orders: () => import('./contract/orders.js').then((m) => m.orders),
  refunds: () => import('./contract/refunds.js').then((m) => m.refunds),
  statements: () => import('./contract/statements.js').then((m) => m.statements),
  termBills: () => import('./contract/termBills.js').then((m) => m.termBills),
  teaching: () => import('./contract/teaching.js').then((m) => m.teaching),
  absences: () => import('./contract/absences.js').then((m) => m.absences),
  schoolTransfers: () => import('./contract/schoolTransfers.js').then((m) => m.schoolTransfers),
  refundApplications: () => import('./contract/refundApplications.js').then((m) => m.refundApplications),
  contracts: () => import('./contract/contracts.js').then((m) => m.contracts),
  invoices: () => import('./contract/invoices.js').then((m) => m.invoices),
  products: () => import('./contract/products.js').then((m) => m.products),
  discountRates: () => import('./contract/discountRates.js').then((m) => m.discountRates),
  classHours: () => import('./contract/classHours.js').then((m) => m.classHours),
  sealing: () => import('./contract/sealing.js').then((m) => m.sealing),
  hrSync: () => import('./contract/hrSync.js').then((m) => m.hrSync),
  training: () => import('./contract/training.js').then((m) => m.training),
  salaryApplications: () => import('./contract/salaryApplications.js').then((m) => m.salaryApplications),
  snapshots: () => import('./contract/snapshots.js').then((m) => m.snapshots),
  staffFigures: () => import('./contract/staffFigures.js').then((m) => m.staffFigures),
};

/**
 * The typed client over the whole contract, loading each slice when one of its endpoints is first
 * called. `loaders` defaults to every slice of the contract; tests pass their own.
 */
export function createLazySdk(
  options: ClientOptions,
  loaders: Record<string, () => Promise<Slice>> = sliceLoaders,
): Sdk {
  const caller = createCaller(options);
  const loaded = new Map<string, Promise<Slice>>();
  const load = (slice: string, loader: () => Promise<Slice>) => {
    let p = loaded.get(slice);
    if (!p) {
      // A failed download (a new deployment, a dropped connection) is tried again on the next call.
      p = loader().catch((e: unknown) => {
        loaded.delete(slice);
        throw e;
      });
      loaded.set(slice, p);
    }
    return p;
  };
  const out: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const [sliceName, loader] of Object.entries(loaders)) {
    const methods = new Map<string, (input?: unknown) => Promise<unknown>>();
    // Endpoint names are known only once the slice is loaded: a proxy makes a method per name,
    // kept so that `sdk.x.y === sdk.x.y` (React dependencies, query functions).
    out[sliceName] = new Proxy({} as Record<string, (input?: unknown) => Promise<unknown>>, {
      get(_, name) {
        // Not a thenable: `await sdk.clues` must not take the slice for a promise.
        if (typeof name !== 'string' || name === 'then') return undefined;
        let m = methods.get(name);
        if (!m) {
          const full = `${sliceName}.${name}`;
          m = async (input?: unknown) => {
            options.hooks?.onCall?.(full);
            const slice = await load(sliceName, loader);
            const e: AnyEndpoint | undefined = slice[name];
            if (!e) throw new Error(`no endpoint ${full} in the contract`);
            return caller.call(full, e, input as never);
          };
          methods.set(name, m);
        }
        return m;
      },
    });
  }
  return Object.assign(out as unknown as Sdk, { caller });
}
