import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../../db/client';
import { unreadCount } from './notification.queries';

/**
 * The bell's live count. A notice raised on this node pushes at once; one raised on another node
 * (sharing the database) shows within the poll interval, when each stream reads its count again.
 */
export function notificationStream(db: Db, { pollMs = 15_000 } = {}) {
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const open = new Set<() => void>();

  return {
    /** This node raised or changed notices of these users. */
    changed(userIds: number[]) {
      for (const id of new Set(userIds)) changes.emit(String(id));
    },

    /** Serves one stream on `res` (already answered 200 as text/event-stream) until the client goes. */
    serve(userId: number, res: ServerResponse) {
      let last = -1;
      let closed = false;
      const send = async () => {
        const unread = await unreadCount(db, userId);
        if (!closed && unread !== last) {
          last = unread;
          res.write(`data: ${JSON.stringify({ unread })}\n\n`);
        }
      };
      const refresh = () => void send().catch(() => undefined);
      const timer = setInterval(refresh, pollMs);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        changes.off(String(userId), refresh);
        open.delete(close);
        res.end();
      };
      open.add(close);
      changes.on(String(userId), refresh);
      res.on('close', close);
      refresh();
    },

    closeAll() {
      for (const close of [...open]) close();
    },
  };
}

export type NotificationStream = ReturnType<typeof notificationStream>;
