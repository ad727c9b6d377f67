import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Media tickets: <img> and <video> send no Authorization header, so list answers carry URLs
 * with a ticket instead. A ticket names the caller's session and one library and expires within
 * two hours; the session must still be live when it is used, and the caller's permission and
 * library level are checked as for any call. The expiry is rounded to the hour so the URLs of a
 * page stay the same across reloads (the browser caches them).
 */
const HOUR_MS = 3_600_000;

export interface TicketClaims {
  tokenId: string;
  libraryId: number;
}

export function mediaTickets(secretKey: string, now: () => number = Date.now) {
  const sign = (payload: string) => createHmac('sha256', `media-ticket:${secretKey}`).update(payload).digest('base64url');

  return {
    mint(tokenId: string, libraryId: number): string {
      const expires = (Math.floor(now() / HOUR_MS) + 2) * HOUR_MS;
      const payload = `${libraryId}.${expires.toString(36)}.${tokenId}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The claims of a well-signed, unexpired ticket for `libraryId`, else null. */
    verify(ticket: string, libraryId: number): TicketClaims | null {
      const parts = ticket.split('.');
      if (parts.length !== 4) return null;
      const [library = '', expires = '', tokenId = '', signature = ''] = parts;
      const expected = Buffer.from(sign(`${library}.${expires}.${tokenId}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(library) !== libraryId || Number.parseInt(expires, 36) <= now() || !tokenId) return null;
      return { tokenId, libraryId };
    },
  };
}

export type MediaTickets = ReturnType<typeof mediaTickets>;
