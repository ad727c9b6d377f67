import { EventEmitter } from 'node:events';
import type { Db } from '../../../db/client';
import type { EventStream } from '../../../platform/http/sse';
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

    /** Serves one stream until the client goes. */
    serve(userId: number, stream: EventStream) {
      let last = -1;
      let closed = false;
      const send = async () => {
        const unread = await unreadCount(db, userId);
        if (!closed && unread !== last) {
          last = unread;
          stream.send(JSON.stringify({ unread }));
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
        stream.end();
      };
      open.add(close);
      changes.on(String(userId), refresh);
      stream.onClose(close);
      refresh();
    },

    closeAll() {
      for (const close of [...open]) close();
    },
  };
}

export type NotificationStream = ReturnType<typeof notificationStream>;
