import type { contract } from '@bo/api-sdk';
import { must } from '../../shared/must.js';
import type { SliceHandlers } from '../../http/register.js';
import { badInput } from '../../http/errors.js';
import { loadAccount, tokenObject } from './sessions.js';
import { createServiceAccount, revokeServiceAccount } from './serviceAccounts.js';
import {
  changeOwnPassword,
  changePasswordByName,
  dashboardLogin,
  dingQrLogin,
  isHomeIntervention,
  login,
  loginOptions,
  logout,
  wxcpLogin,
} from './service.js';
import {
  accountUpdateStatus,
  generateIdCode,
  listAccounts,
  cachedPrivilegeTree,
  cachedRoles,
  pickUsers,
  privilegeUpdateStatus,
  resetPassword,
  roleDetail,
  roleUpdateStatus,
  saveAccount,
  savePrivilege,
  saveRole,
  saveRolePrivileges,
} from './admin.js';
import { NewPassword } from '@bo/api-sdk';
import { forbiddenRoutesOf, menuOf } from './menu.js';
import { createView, deleteView, listViews, setDefaultView, updateView } from './savedViews.js';

const ua = (h: string | string[] | undefined) => (typeof h === 'string' ? h : null);

export const systemHandlers: SliceHandlers<typeof contract.system> = {
  login: async ({ body, query, deps, ip, req }) => {
    const username = body?.username ?? query?.username;
    const password = body?.password ?? query?.password;
    if (!username) throw badInput('body.username', '请填写用户名 / username is required');
    if (!password) throw badInput('body.password', '请填写密码 / password is required');
    return login(deps, username, password, ip, ua(req.headers['user-agent']));
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
  changePassword: async ({ user, body, deps, ip }) => {
    await changeOwnPassword(deps, user, body.oldPassword, body.newPassword, ip);
    return true;
  },
  chgpass: async ({ body, query, deps, ip, maybeUser }) => {
    const username = body?.username ?? query?.username;
    const oldPassword = body?.oldpassword ?? query?.oldpassword;
    const newPassword = body?.newpassword ?? query?.newpassword;
    if (!username) throw badInput('body.username', '请填写用户名 / username is required');
    if (!oldPassword) throw badInput('body.oldpassword', '请填写原密码 / the current password is required');
    const np = NewPassword.safeParse(newPassword);
    if (!np.success)
      throw badInput(
        'body.newpassword',
        np.error.issues[0]?.message ?? '新密码不正确 / the new password is not valid',
      );
    await changePasswordByName(deps, username, oldPassword, np.data, ip, maybeUser);
    return true;
  },
  dingQrLogin: async ({ body, deps, ip, req }) =>
    dingQrLogin(deps, body.code, ip, ua(req.headers['user-agent'])),
  wxcpLogin: async ({ params, query, deps, ip, req }) =>
    wxcpLogin(deps, params.appid, query.code, ip, ua(req.headers['user-agent'])),
  loginDashboard: async ({ query, deps, ip, req }) =>
    dashboardLogin(deps, query.code, ip, ua(req.headers['user-agent'])),
  loginOptions: async ({ deps }) => loginOptions(deps),
  isJujiganyu: async ({ user }) => isHomeIntervention(user),
  menu: async ({ user, deps }) => menuOf(deps.db, user),
  forbiddenRoutes: async ({ user, deps }) => forbiddenRoutesOf(deps.db, user),
  roles: async ({ query, deps }) => cachedRoles(deps, query),
  roleSave: async ({ body, user, deps, ip }) => saveRole(deps, user, ip, body),
  roleUpdateStatus: async ({ body, user, deps, ip }) => {
    await roleUpdateStatus(deps, user, ip, body.code, body.status);
    return true;
  },
  role: async ({ params, deps }) => roleDetail(deps.db, params.code),
  rolePrivilegeSave: async ({ body, user, deps, ip }) => {
    await saveRolePrivileges(deps, user, ip, body.code, body.privilegeCodes);
    return true;
  },
  privileges: async ({ deps }) => cachedPrivilegeTree(deps, null),
  privilegeSave: async ({ body, user, deps, ip }) => {
    await savePrivilege(deps, user, ip, body);
    return true;
  },
  privilegeUpdateStatus: async ({ body, user, deps, ip }) => {
    await privilegeUpdateStatus(deps, user, ip, body.code, body.status);
    return true;
  },
  authInfos: async ({ query, user, deps }) => listAccounts(deps.db, user, query),
  authInfoSave: async ({ body, user, deps, ip }) => saveAccount(deps, user, ip, body),
  authInfoUpdateStatus: async ({ body, user, deps, ip }) => {
    await accountUpdateStatus(deps, user, ip, body.code, body.status);
    return true;
  },
  resetPassword: async ({ query, user, deps, ip }) => resetPassword(deps, user, ip, query.usercode),
  serviceAccountCreate: async ({ body, user, deps, ip }) => createServiceAccount(deps, user, ip, body),
  serviceAccountRevoke: async ({ body, user, deps, ip }) => {
    await revokeServiceAccount(deps, user, ip, body.username);
    return true;
  },
  generateIdCode: async ({ query }) => generateIdCode(query.code, query.name),
  allUsers: async ({ query, deps, user }) => pickUsers(deps.db, query.name, user),
  viewList: async ({ query, deps, user }) => listViews(deps, user, query.screen),
  viewCreate: async ({ body, deps, user }) => createView(deps, user, body),
  viewUpdate: async ({ body, deps, user }) => updateView(deps, user, body),
  viewDelete: async ({ body, deps, user }) => {
    await deleteView(deps, user, body.id);
    return true;
  },
  viewSetDefault: async ({ body, deps, user }) => setDefaultView(deps, user, body),
};
