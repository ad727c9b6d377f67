import { Code } from '@ccms/contracts/http';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { verifyPassword } from '../../../platform/auth/password';
import { AppError } from '../../../platform/http/errors';
import { passwordOf } from '../user/user.queries';

/** RuoYi 3.9's lock screen (SysLoginController.unlockscreen): the caller proves they still know their password. */
export function lockScreenService(db: Db) {
  return {
    /** A wrong password answers code 500 with RuoYi's message, as its client expects; the session stays. */
    async unlock(auth: AuthContext, password: string) {
      const stored = await passwordOf(db, auth.userId);
      if (!stored || !(await verifyPassword(stored, password))) throw new AppError(Code.ERROR, 'unlock.passwordWrong');
    },
  };
}
