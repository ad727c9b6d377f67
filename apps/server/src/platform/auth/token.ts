import { jwtVerify, SignJWT } from 'jose';

/** Most verified tokens remembered per codec before the memory starts over. */
const VERIFIED_CAP = 10_000;

/** Signs and reads the bearer token: an HS256 JWT whose only claim that matters is the session id. */
export function tokenCodec(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Verified tokens and their session ids: a token carries no expiry (the session row decides),
  // so a token once verified stays valid for this key; the HMAC need not be redone per request.
  const verified = new Map<string, string>();
  return {
    sign: (tokenId: string) => new SignJWT({ sid: tokenId }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key),
    async read(token: string): Promise<string | null> {
      const known = verified.get(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string') return null;
        if (verified.size >= VERIFIED_CAP) verified.clear();
        verified.set(token, payload.sid);
        return payload.sid;
      } catch {
        return null;
      }
    },
  };
}
export type TokenCodec = ReturnType<typeof tokenCodec>;
