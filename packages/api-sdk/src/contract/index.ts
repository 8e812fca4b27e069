// The whole contract: every slice of spec §7, by business area. One line per slice.
import type { AnyEndpoint, Slice } from './define.js';
import { system } from './system.js';
import { feedback } from './feedback.js';
import { common } from './common.js';
import { organisation } from './organisation.js';
import { dictionaries } from './dictionaries.js';
import { courses } from './courses.js';
import { finance } from './finance.js';
import { employees } from './employees.js';
import { clueSettings } from './clueSettings.js';
import { courseAuthority } from './courseAuthority.js';
import { schoolFinance } from './schoolFinance.js';
import { clues } from './clues/index.js';
import { resources } from './resources.js';
import { calls } from './calls.js';
import { tasks } from './tasks.js';
import { workbench } from './workbench.js';
import { clueAnalysis } from './clueAnalysis.js';
import { courseTransfers } from './courseTransfers.js';
import { dashboards } from './dashboards.js';
import { reports } from './reports.js';
import { dataRecovery } from './dataRecovery.js';
import { approvals } from './approvals.js';
import { payments } from './payments.js';
import { promotions } from './promotions.js';
import { students } from './students.js';
import { orders } from './orders.js';
import { refunds } from './refunds.js';
import { statements } from './statements.js';
import { termBills } from './termBills.js';
import { teaching } from './teaching.js';
import { absences } from './absences.js';
import { schoolTransfers } from './schoolTransfers.js';
import { refundApplications } from './refundApplications.js';
import { contracts } from './contracts.js';
import { invoices } from './invoices.js';
import { products } from './products.js';
import { discountRates } from './discountRates.js';
import { classHours } from './classHours.js';
import { sealing } from './sealing.js';
import { hrSync } from './hrSync.js';
import { training } from './training.js';
import { payroll } from './payroll.js';
import { salaryApplications } from './salaryApplications.js';
import { snapshots } from './snapshots.js';
import { staffFigures } from './staffFigures.js';

/**
 * The contract's type, named slice by slice: an inferred type of the whole object grew past what the
 * compiler will write into a declaration file (TS7056), and a named one is also cheaper to check.
 */
export type Contract = {
  system: typeof system;
  feedback: typeof feedback;
  common: typeof common;
  organisation: typeof organisation;
  dictionaries: typeof dictionaries;
  courses: typeof courses;
  finance: typeof finance;
  employees: typeof employees;
  clueSettings: typeof clueSettings;
  courseAuthority: typeof courseAuthority;
  schoolFinance: typeof schoolFinance;
  clues: typeof clues;
  resources: typeof resources;
  calls: typeof calls;
  tasks: typeof tasks;
  workbench: typeof workbench;
  clueAnalysis: typeof clueAnalysis;
  courseTransfers: typeof courseTransfers;
  dashboards: typeof dashboards;
  reports: typeof reports;
  dataRecovery: typeof dataRecovery;
  approvals: typeof approvals;
  payments: typeof payments;
  payroll: typeof payroll;
  promotions: typeof promotions;
  students: typeof students;
  orders: typeof orders;
  refunds: typeof refunds;
  statements: typeof statements;
  termBills: typeof termBills;
  teaching: typeof teaching;
  absences: typeof absences;
  schoolTransfers: typeof schoolTransfers;
  refundApplications: typeof refundApplications;
  contracts: typeof contracts;
  invoices: typeof invoices;
  products: typeof products;
  discountRates: typeof discountRates;
  classHours: typeof classHours;
  sealing: typeof sealing;
  hrSync: typeof hrSync;
  training: typeof training;
  salaryApplications: typeof salaryApplications;
  snapshots: typeof snapshots;
  staffFigures: typeof staffFigures;
};

export const contract: Contract = {
  system,
  feedback,
  common,
  organisation,
  dictionaries,
  courses,
  finance,
  employees,
  clueSettings,
  courseAuthority,
  schoolFinance,
  clues,
  resources,
  calls,
  tasks,
  workbench,
  clueAnalysis,
  courseTransfers,
  dashboards,
  reports,
  dataRecovery,
  approvals,
  payments,
  payroll,
  promotions,
  students,
  orders,
  refunds,
  statements,
  termBills,
  teaching,
  absences,
  schoolTransfers,
  refundApplications,
  contracts,
  invoices,
  products,
  discountRates,
  classHours,
  sealing,
  hrSync,
  training,
  salaryApplications,
  snapshots,
  staffFigures,
};

/** Every slice is a slice: fails the type check where one is not. */
export type ContractIsSlices = Contract extends Record<string, Slice> ? true : never;
const contractIsSlices: ContractIsSlices = true;
void contractIsSlices;
export type SliceName = keyof Contract;

export interface CatalogueEntry {
  slice: string;
  name: string;
  service: string;
  method: string;
  path: string;
  kind: string;
  summary: string;
  endpoint: AnyEndpoint;
}

/** Every declared endpoint, flat, in declaration order. */
export function catalogue(): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  for (const [slice, endpoints] of Object.entries(contract as Record<string, Slice>)) {
    for (const [name, e] of Object.entries(endpoints)) {
      out.push({
        slice,
        name,
        service: e.service,
        method: e.method,
        path: e.path,
        kind: e.kind,
        summary: e.summary,
        endpoint: e,
      });
    }
  }
  return out;
}
