import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from './sse';

describe('openEventStream', () => {
  const app = Fastify();
  let opened: EventStream | null = null;
  let closedSeen: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    closedSeen = resolve;
  });
  let base = '';

  beforeAll(async () => {
    app.get('/stream', async (_req, reply) => {
      const stream = openEventStream(reply, 'hello');
      opened = stream;
      stream.onClose(closedSeen);
      stream.send('{"n":1}');
    });
    app.get('/ended', async (_req, reply) => {
      const stream = openEventStream(reply);
      stream.send('"only"');
      stream.end();
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers an event stream with the no-buffering headers, the comment, then the events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/stream`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    while (!text.includes('data: {"n":1}\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += new TextDecoder().decode(value);
    }
    expect(text).toBe(': hello\n\ndata: {"n":1}\n\n');
    expect(opened?.closed).toBe(false);
    controller.abort();
    await closed;
    expect(opened?.closed).toBe(true);
  });

  it('ends the reply when the stream is ended, without a comment when none is given', async () => {
    expect(await (await fetch(`${base}/ended`)).text()).toBe('data: "only"\n\n');
  });
});
