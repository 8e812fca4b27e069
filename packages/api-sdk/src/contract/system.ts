// Sign-in, sessions, roles, privileges, menus, users (spec §7 Auth and system).
import { z } from 'zod';
import { Ok, post, get, publicAccess, signedIn, type Slice } from './define.js';

export const RoleRef = z.object({ code: z.number().int(), name: z.string() });
export const ProvinceTypeRef = z.object({ code: z.string(), name: z.string() });
export const SchoolItemRef = z.object({ code: z.string(), name: z.string(), provincetypecode: z.string() });

/** The user token object of spec §3. */
export const UserToken = z.object({
  token: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  roles: z.array(RoleRef),
  provinceTypes: z.array(ProvinceTypeRef),
  schoolItems: z.array(SchoolItemRef),
  /** True when the account must change its password before working (after an administrator's reset). */
  mustChangePassword: z.boolean(),
});
export type TUserToken = z.infer<typeof UserToken>;

export const LoginInput = z.object({
  username: z.string().trim().min(1, 'username is required').max(64),
  password: z.string().min(1, 'password is required').max(128),
});

export const system = {
  login: post('/auth/login', {
    service: 'user',
    summary: 'Sign in with username and password (JSON body; the query form is accepted too).',
    access: publicAccess,
    body: LoginInput.optional(),
    query: LoginInput.partial().optional(),
    response: UserToken,
  }),
  logout: post('/auth/logout', {
    service: 'user',
    summary: 'Sign out: revokes the current session.',
    access: signedIn,
    response: Ok,
  }),
  userInfo: get('/setting/user/info', {
    service: 'setting',
    summary: 'The signed-in user (token object without the token).',
    access: signedIn,
    response: UserToken.omit({ token: true }),
  }),
} satisfies Slice;
