import type { OnlineQuery } from '@ccms/contracts/monitor/online';
import type { Db } from '../../../db/client';
import type { SessionCache } from '../../../platform/auth/session-cache';
import { notFound } from '../../../platform/http/errors';
import { deleteSession, listOnline } from './online.queries';

export function onlineService(db: Db, sessions: SessionCache) {
  return {
    list: (q: OnlineQuery) => listOnline(db, q),
    /** Ends a session: its token answers 401 from the next request on, on every node. */
    async forceLogout(tokenId: string) {
      const [ended] = await deleteSession(db, tokenId);
      if (!ended) throw notFound('online.notFound');
      await sessions.ended([ended.tokenId]);
    },
  };
}
