// Shared steps of the system journeys.
import type { Sdk } from '@bo/api-sdk';
import type { APIRequestContext } from '@playwright/test';

/** A suffix that keeps names unique across runs on the same database. */
export const unique = () => Date.now().toString(36).slice(-5);

/**
 * An account created by the administrator through the API (POST /api/system/authinfosave), with
 * its temporary password replaced by `password` (POST /api/auth/chgpass), so it signs in straight
 * to work. The demo accounts stay untouched for the other journeys.
 */
export async function freshAccount(
  admin: Sdk,
  request: APIRequestContext,
  o: {
    username: string;
    name: string;
    roles: number[];
    password: string;
    mobile?: string;
    campuses?: string[];
    regions?: string[];
  },
): Promise<void> {
  const saved = await admin.system.authInfoSave({
    body: {
      username: o.username,
      name: o.name,
      roles: o.roles,
      mobile: o.mobile ?? null,
      regions: o.regions ?? [],
      campuses: o.campuses ?? [],
      status: 1,
    },
  });
  if (!saved.temporaryPassword) throw new Error('no temporary password');
  await changePasswordByApi(request, o.username, saved.temporaryPassword, o.password);
}

export async function changePasswordByApi(
  request: APIRequestContext,
  username: string,
  oldpassword: string,
  newpassword: string,
): Promise<void> {
  const res = await request.post('/api/auth/chgpass', { data: { username, oldpassword, newpassword } });
  const env = (await res.json()) as { code: number; message: string };
  if (env.code !== 0) throw new Error(`chgpass of ${username}: ${env.message}`);
}
