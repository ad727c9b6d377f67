import type { FastifyReply } from 'fastify';

/** A Server-Sent Events reply, opened by openEventStream. */
export interface EventStream {
  /** Sends one event whose data is this line (JSON). */
  send(data: string): void;
  /** True once the client went (or the stream was ended). */
  readonly closed: boolean;
  /** Called when the client goes, or when the stream is ended. */
  onClose(listener: () => void): void;
  /** Ends the reply. */
  end(): void;
}

/**
 * Answers with a `text/event-stream`: the reply is taken from Fastify (the handler writes to it
 * from here on), with headers that keep caches and proxies from holding or rewriting events, and
 * a first comment when given, so the client sees the stream open before the first event.
 */
export function openEventStream(reply: FastifyReply, comment?: string): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  if (comment) res.write(`: ${comment}\n\n`);
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  return {
    send(data) {
      res.write(`data: ${data}\n\n`);
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      res.on('close', listener);
    },
    end() {
      res.end();
    },
  };
}
