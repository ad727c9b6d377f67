import { createHash, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Most verified tokens remembered per codec before the memory starts over. */
const VERIFIED_CAP = 10_000;

/** A new session's id and its own random secret (the row keeps only the secret's hash). */
export interface SessionKey {
  tokenId: string;
  secret: string;
}

/**
 * What a caller shows for a session: its id, and a check against the row's secret hash. A token
 * (or ticket) the signing key alone could make proves nothing: the row's secret must match too.
 */
export interface SessionProof {
  tokenId: string;
  matches(secretHash: string): boolean;
}

/** The hex sha-256 a session row keeps of its secret. */
export const sessionSecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Equal hex digests, in constant time; an empty or malformed stored hash (sessions from before the secret) never matches. */
export function sameDigest(givenHex: string, storedHex: string): boolean {
  const given = Buffer.from(givenHex, 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return stored.length === 32 && given.length === stored.length && timingSafeEqual(given, stored);
}

/** Signs and reads the bearer token: an HS256 JWT carrying the session id and the session's secret. */
export function tokenCodec(signingKey: string) {
  const key = new TextEncoder().encode(signingKey);
  // Verified tokens and their claims: a token carries no expiry (the session row decides), so a
  // token once verified stays well-signed for this key; the HMAC need not be redone per request.
  const verified = new Map<string, SessionProof>();
  return {
    sign: (session: SessionKey) => new SignJWT({ sid: session.tokenId, sk: session.secret }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key),
    /** The session a well-signed token names, with the proof of its secret (checked against the row by resolveSession). */
    async read(token: string): Promise<SessionProof | null> {
      const known = verified.get(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sid, sk } = payload;
        if (typeof sid !== 'string' || typeof sk !== 'string' || !sid || !sk) return null;
        const hash = sessionSecretHash(sk);
        const proof: SessionProof = { tokenId: sid, matches: (secretHash) => sameDigest(hash, secretHash) };
        if (verified.size >= VERIFIED_CAP) verified.clear();
        verified.set(token, proof);
        return proof;
      } catch {
        return null;
      }
    },
  };
}
export type TokenCodec = ReturnType<typeof tokenCodec>;
