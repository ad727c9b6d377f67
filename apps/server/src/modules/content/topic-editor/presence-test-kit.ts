import http from 'node:http';
import type { EditorPresence } from '@ccms/contracts/content/topic-editor';

/** A presence stream read over real HTTP: every event's list, and a way to wait for one. */
export function presenceStream(base: string, query: Record<string, string | number>, token?: string) {
  const events: EditorPresence[] = [];
  const waiting: { test: (p: EditorPresence) => boolean; resolve: (p: EditorPresence) => void }[] = [];
  const url = `${base}/prod-api/ccms/topic-editor/presence?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  let buffer = '';
  let status = 0;
  const req = http.get(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const list = JSON.parse(data.slice(6)) as EditorPresence;
        events.push(list);
        for (const w of waiting.filter((x) => x.test(list))) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(list);
        }
      }
    });
  });
  req.on('error', () => undefined);
  return {
    events,
    status: () => status,
    until: (test: (p: EditorPresence) => boolean) =>
      new Promise<EditorPresence>((resolve) => {
        const hit = events.find(test);
        if (hit) resolve(hit);
        else waiting.push({ test, resolve });
      }),
    close: () => req.destroy(),
  };
}
