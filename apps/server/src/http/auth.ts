// The signed-in user as every handler sees it, and the data-scope checks of spec §6.
import { noPermission } from './errors.js';

export interface AuthUser {
  id: number;
  username: string;
  name: string;
  /** Numeric role codes (spec §6). */
  roles: number[];
  /** Privilege codes (route paths of spec §2 and action codes). */
  privileges: ReadonlySet<string>;
  /** Holds every privilege. */
  isAdmin: boolean;
  /** Sees every region and campus. */
  allScope: boolean;
  provinceTypes: string[];
  schoolItems: string[];
  employeeCode: string | null;
  sessionId: number;
  mustChangePassword: boolean;
}

/** Resolves a token to its user (the system slice implements it over sessions). */
export interface AuthResolver {
  resolve(token: string, ip: string): Promise<AuthUser | null>;
}

export const hasPrivilege = (u: AuthUser, anyOf: readonly string[]) =>
  u.isAdmin || anyOf.some((p) => u.privileges.has(p));

/** Refuses (never silently filters) a campus outside the user's scope. */
export function assertCampus(u: AuthUser, schoolItemCode: string | null | undefined): void {
  if (u.allScope || !schoolItemCode) return;
  if (!u.schoolItems.includes(schoolItemCode))
    throw noPermission(`无权访问该校区的数据 / campus ${schoolItemCode} is outside your scope`);
}

/** Refuses a region outside the user's scope. */
export function assertRegion(u: AuthUser, provinceTypeCode: string | null | undefined): void {
  if (u.allScope || !provinceTypeCode) return;
  if (!u.provinceTypes.includes(provinceTypeCode))
    throw noPermission(`无权访问该区域的数据 / region ${provinceTypeCode} is outside your scope`);
}

/** The campus codes a list query is limited to; null means all. */
export const campusScope = (u: AuthUser): string[] | null => (u.allScope ? null : u.schoolItems);
export const regionScope = (u: AuthUser): string[] | null => (u.allScope ? null : u.provinceTypes);
