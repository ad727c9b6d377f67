import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionProof } from './token';

/**
 * Media tickets: <img> and <video> send no Authorization header, so list answers carry URLs
 * with a ticket instead. A ticket names the caller's session and one library and expires within
 * two hours; its signature covers the session row's secret hash too, so the signing key alone
 * makes no ticket. The session must still be live when it is used, and the caller's permission
 * and library level are checked as for any call. The expiry is rounded to the hour so the URLs
 * of a page stay the same across reloads (the browser caches them).
 */
const HOUR_MS = 3_600_000;

/** The session a ticket is minted for: its id and its row's secret hash. */
export interface TicketSession {
  tokenId: string;
  sessionHash: string;
}

export interface TicketClaims extends SessionProof {
  libraryId: number;
}

export function mediaTickets(secretKey: string, now: () => number = Date.now) {
  const sign = (payload: string, sessionHash: string) =>
    createHmac('sha256', `media-ticket:${secretKey}`).update(`${payload}.${sessionHash}`).digest('base64url');

  return {
    mint(session: TicketSession, libraryId: number): string {
      const expires = (Math.floor(now() / HOUR_MS) + 2) * HOUR_MS;
      const payload = `${libraryId}.${expires.toString(36)}.${session.tokenId}`;
      return `${payload}.${sign(payload, session.sessionHash)}`;
    },

    /**
     * The claims of an unexpired ticket for `libraryId`, else null; its signature is checked
     * against the session row (resolveSession calls `matches` with the row's secret hash).
     */
    verify(ticket: string, libraryId: number): TicketClaims | null {
      const parts = ticket.split('.');
      if (parts.length !== 4) return null;
      const [library = '', expires = '', tokenId = '', signature = ''] = parts;
      if (Number(library) !== libraryId || !(Number.parseInt(expires, 36) > now()) || !tokenId || !signature) return null;
      const given = Buffer.from(signature);
      return {
        tokenId,
        libraryId,
        matches(sessionHash: string) {
          const expected = Buffer.from(sign(`${library}.${expires}.${tokenId}`, sessionHash));
          return sessionHash !== '' && given.length === expected.length && timingSafeEqual(given, expected);
        },
      };
    },
  };
}

export type MediaTickets = ReturnType<typeof mediaTickets>;
