import type { TUserToken } from '@bo/api-sdk';

/** A token object for tests. */
export function testUser(patch: Partial<TUserToken> = {}): TUserToken {
  return {
    token: 'tok',
    username: 'sales',
    name: '李晓燕',
    avatar: '',
    roles: [{ code: 34, name: '销售' }],
    provinceTypes: [{ code: 'HD', name: '华东' }],
    schoolItems: [{ code: 'SH01', name: '上海一校', provincetypecode: 'HD' }],
    mustChangePassword: false,
    ...patch,
  };
}
