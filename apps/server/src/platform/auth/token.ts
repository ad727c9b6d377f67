import { jwtVerify, SignJWT } from 'jose';

/** Signs and reads the bearer token: an HS256 JWT whose only claim that matters is the session id. */
export function tokenCodec(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (tokenId: string) => new SignJWT({ sid: tokenId }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key),
    async read(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return typeof payload.sid === 'string' ? payload.sid : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenCodec = ReturnType<typeof tokenCodec>;
