import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EditorPresence } from '@ccms/contracts/content/topic-editor';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { EventStream } from '../../../platform/http/sse';
import { beatPresence, type FileKey, joinPresence, leavePresence, presenceOn, sweepPresence } from './topic-editor.queries';

export interface PresenceOptions {
  /** How often a node marks its open streams seen and reads the list again (other nodes' changes show within it). */
  beatMs?: number;
  /** A row not beaten for this long is gone (its node died without closing it). */
  staleMs?: number;
}

const keyOf = (f: FileKey) => `${f.libraryId}\u0000${f.branch}\u0000${f.path}`;

/**
 * Who has a topic open, across every node sharing the database: each presence stream is a row
 * beaten while the stream lives and deleted when it closes. A node reads the list on every beat
 * (changes made by other nodes) and at once when one of its own streams joins or leaves.
 */
export function editorPresence(db: Db, { beatMs = 3_000, staleMs = 3 * beatMs }: PresenceOptions = {}) {
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const open = new Set<() => void>();

  async function listOn(file: FileKey): Promise<EditorPresence> {
    const rows = await presenceOn(db, file, new Date(Date.now() - staleMs));
    const byUser = new Map<number, EditorPresence[number]>();
    for (const r of rows) {
      if (!byUser.has(r.userId)) byUser.set(r.userId, { userId: r.userId, userName: r.userName, nickName: r.nickName, since: r.since.toISOString() });
    }
    return [...byUser.values()];
  }

  return {
    listOn,

    /** Serves one presence stream until the client goes. */
    async serve(auth: AuthContext, file: FileKey, stream: EventStream): Promise<void> {
      const connectionId = randomUUID();
      const key = keyOf(file);
      let last = '';
      let closed = false;
      const send = async () => {
        if (closed) return;
        const data = JSON.stringify(await listOn(file));
        if (data !== last && !closed) {
          last = data;
          stream.send(data);
        }
      };
      const refresh = () => void send().catch(() => undefined);
      await sweepPresence(db, new Date(Date.now() - 10 * staleMs));
      await joinPresence(db, { connectionId, userId: auth.userId, userName: auth.userName, nickName: auth.nickName, ...file });
      const timer = setInterval(() => {
        void beatPresence(db, connectionId)
          .then(send)
          .catch(() => undefined);
      }, beatMs);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        changes.off(key, refresh);
        open.delete(close);
        void leavePresence(db, connectionId)
          .then(() => changes.emit(key))
          .catch(() => undefined);
        stream.end();
      };
      open.add(close);
      changes.on(key, refresh);
      stream.onClose(close);
      changes.emit(key);
    },

    /** Ends every stream of this node (the app is closing). */
    closeAll() {
      for (const close of [...open]) close();
    },
  };
}
