// What every handler and service may use: the database, the configuration, the clock, the auth resolver,
// and the app's wiring between slices (ports and the in-transaction event bus). Built in one place, the
// composition root (src/composition.ts): the server's start and the tests' harness both call it.
import type { Config } from './config.js';
import type { Db, DbOrTx, Replica } from './db/client.js';
import type { AuthResolver } from './http/auth.js';
import type { EventBus } from './shared/eventBus.js';
import type { PasswordHasher } from './shared/passwordPool.js';
import type { TokenCache } from './shared/providerHttp.js';
import type { ApprovedLeave, ApprovedMakeup } from './slices/absences/index.js';
import type { OrdersForPayments, RecordedOnlinePayment } from './slices/payments/index.js';
import type { ApplicationLock, ConfirmedHoursFilter } from './slices/payroll/index.js';
import type { PricingPort } from './slices/pricing/index.js';
import type { PhoneHolderSource, PhoneHoldersSource } from './slices/students/index.js';
import type { LeaveSource } from './slices/teaching/index.js';

/**
 * What a slice needs from another that may not import it (the other depends on it): typed, one
 * implementation per app, chosen by the composition root (docs/developing.md "Wiring").
 */
export interface Ports {
  /** Pricing's offer source (promotions, on the app's clock), list price sources (products) and rules. */
  pricing: PricingPort;
  /** The orders slice as the payments slice sees it. */
  ordersForPayments: OrdersForPayments;
  /** Approved leaves (the absences slice): scheduling refuses a student on leave. */
  leaves: LeaveSource;
  /** The active clue holding a phone (the clues slice): a student's phone may not be a clue's. */
  phoneHolder: PhoneHolderSource;
  /** The active clues holding phones, many at once (the students' set-based import). */
  phoneHolders: PhoneHoldersSource;
  /** Limits teacher pay to lessons under a passed class-hour confirmation (payroll seam 1). */
  confirmedHours: ConfirmedHoursFilter;
  /** Refuses changing a period's lines once a salary application passed (payroll seam 2). */
  applicationLock: ApplicationLock;
}

/** A computed payroll period: who was paid, for the employee snapshot. */
export interface PeriodComputed {
  year: number;
  month: number;
  schoolItemCode: string | null;
  employeeCodes: string[];
}

/** The events of the app's bus: each handler runs in the emitter's transaction. */
export interface AppEvents {
  /** A leave or a temporary absence passed (teaching releases the student's lessons of its period). */
  leaveApproved: ApprovedLeave;
  /** A make-up passed, its hours given back (teaching books its lesson). */
  makeupApproved: ApprovedMakeup;
  /** A passed make-up is revoked, before its hours are taken back (teaching releases its lesson). */
  makeupRevoked: ApprovedMakeup;
  /** A payroll period was computed (the employee snapshot of the period). */
  periodComputed: PeriodComputed;
  /** A confirmed online payment was recorded (instalments link it to its term). */
  onlinePaymentRecorded: RecordedOnlinePayment;
}

/** The wiring between slices: one per app (or per seed step), never a module's. */
export interface Wiring {
  ports: Ports;
  events: EventBus<AppEvents>;
}

/** Caches of one app (a second app in the same process has its own). */
export interface AppCaches {
  /** List totals estimated for large filters (db/paging.ts), by the filter's SQL. */
  listEstimates: Map<string, { total: number; at: number }>;
}

export interface AppDeps extends Wiring {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  /** The current time; tests inject a fixed or moving clock. */
  now: () => Date;
  auth: AuthResolver;
  /** Every password hash and verification: a bounded pool with a fair line per client address. */
  passwords: PasswordHasher;
  /** Access tokens bought from providers (call centre, HR system, messenger), held by this instance. */
  tokens: TokenCache;
  /** Checks the database answers (for /healthz). */
  ping: () => Promise<void>;
  /** A streaming replica (DATABASE_REPLICA_URL) for report reads; register.ts routes them. */
  replica?: Replica;
  caches: AppCaches;
}

/** What the composition root is given: everything of AppDeps but the wiring, caches and token cache it builds. */
export type BaseDeps = Omit<AppDeps, keyof Wiring | 'caches' | 'tokens'>;

/** A command's dependencies as a seed or an in-process caller gives them: a database, a clock, the wiring. */
export type CommandDeps = Wiring & { db: DbOrTx; now: () => Date };
