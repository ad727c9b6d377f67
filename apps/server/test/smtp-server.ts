import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  to: string[];
  raw: string;
}

/**
 * An SMTP server on 127.0.0.1 that keeps what it receives, or refuses every message when told to.
 * It also counts the connections it accepted and keeps every sign-in tried (user and password).
 */
export async function smtpServer() {
  const received: Received[] = [];
  const state = { refuse: false, refused: 0, connections: 0 };
  const logins: { username: string; password: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, cb) {
      state.connections++;
      cb();
    },
    onAuth: (auth, _session, cb) => {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      return auth.username === 'mailer' && auth.password === 'mail-pass' ? cb(null, { user: 'mailer' }) : cb(new Error('bad login'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuse) {
          state.refused++;
          return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, logins, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits (bounded) until the condition holds: mails go out in the background. */
export async function until(cond: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A received mail's subject and text, decoded. */
export const decoded = (raw: string) => {
  // Subjects come as RFC 2047 words and bodies as quoted-printable or base64: read both back.
  const subject = raw.match(/^Subject: (.*(?:\r\n[ \t].*)*)/m)?.[1] ?? '';
  const words = [...subject.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)].map(([, enc, text = '']) =>
    enc?.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const text = /Content-Transfer-Encoding: base64/i.test(raw)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
  return { subject: words.length ? words.join('') : subject, text };
};
