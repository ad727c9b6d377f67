import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { LoginInfoQuery } from '@ccms/contracts/monitor/logininfor';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { privilegeGuard } from '../../../platform/auth/privilege';
import { notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { clearLoginFailures } from '../../system/auth/login-failure.queries';
import { findUserIdByName } from '../../system/user/user.queries';
import { loginInfoColumns } from './logininfor.excel';
import { clearLoginLock, deleteAllLoginInfos, deleteLoginInfos, listLoginInfos, loginInfosForExport } from './logininfor.queries';

export function loginInfoService(db: Db) {
  const privilege = privilegeGuard(db);
  return {
    list: (q: LoginInfoQuery) => listLoginInfos(db, q),
    remove: (ids: number[]) => deleteLoginInfos(db, ids),
    clean: () => deleteAllLoginInfos(db),
    /** Lifts a user's sign-in locks, only for a user the caller outranks (as any change to an account). */
    async unlock(auth: AuthContext, userName: string) {
      const userId = await findUserIdByName(db, userName);
      if (userId === undefined) throw notFound('logininfor.userNotFound', { name: userName });
      await privilege.assertUsersOutranked(auth, [userId]);
      const [user] = await clearLoginLock(db, userName);
      if (!user) throw notFound('logininfor.userNotFound', { name: userName });
      await clearLoginFailures(db, user.userId);
    },
    async exportXlsx(q: LoginInfoQuery, lang: Language) {
      return toXlsx(translate(lang, 'loginInfo.excel.sheet'), loginInfoColumns(lang), await loginInfosForExport(db, q), lang);
    },
  };
}
