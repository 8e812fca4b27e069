import type { contract } from '@bo/api-sdk';
import { must } from '../../shared/must.js';
import type { SliceHandlers } from '../../http/register.js';
import { badInput } from '../../http/errors.js';
import { loadAccount, tokenObject } from './sessions.js';
import { login, logout } from './service.js';

export const systemHandlers: SliceHandlers<typeof contract.system> = {
  login: async ({ body, query, deps, ip, req }) => {
    const username = body?.username ?? query?.username;
    const password = body?.password ?? query?.password;
    if (!username) throw badInput('body.username', 'body.username: username is required');
    if (!password) throw badInput('body.password', 'body.password: password is required');
    return login(deps, username, password, ip, req.headers['user-agent'] ?? null);
  },
  logout: async ({ user, deps, ip }) => {
    await logout(deps, user, ip);
    return true;
  },
  userInfo: async ({ user, deps }) => {
    const a = await loadAccount(deps.db, user.id);
    const { token: _t, ...rest } = tokenObject(must(a, 'account'), '');
    return rest;
  },
};
