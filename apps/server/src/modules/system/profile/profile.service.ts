import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { AVATAR_TYPES, type ProfileBody, type UpdatePwdBody } from '@ccms/contracts/system/profile';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { hashPassword, verifyPassword } from '../../../platform/auth/password';
import { endSessionsOfUser } from '../../../platform/auth/session';
import type { SessionCache } from '../../../platform/auth/session-cache';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { Storage } from '../../../platform/storage/storage';
import { findUser, findUserClash, passwordOf, postNamesOfUser, roleNamesOfUser } from '../user/user.queries';

/** Public URL prefix of avatars under the API base, and the storage folder behind it. */
export const AVATAR_URL_PREFIX = '/profile/avatar/';
const AVATAR_FOLDER = 'avatar/';

/** A stored avatar's path below the avatar folder: "<userId>/<random>.<ext>", nothing else. */
export const AVATAR_KEY = /^\d+\/[A-Za-z0-9_-]{8,64}\.(png|jpg|jpeg)$/;

/** The image type the bytes really are, whatever the name claims. */
function sniffImage(buffer: Buffer): 'png' | 'jpeg' | undefined {
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  return undefined;
}

export const contentTypeOf = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg');

export function profileService(db: Db, storage: Storage, sessions: SessionCache) {
  async function me(auth: AuthContext) {
    const user = await findUser(db, auth.userId);
    if (!user) throw notFound('user.notFound');
    return user;
  }

  return {
    async get(auth: AuthContext) {
      const [data, roleNames, postNames] = await Promise.all([me(auth), roleNamesOfUser(db, auth.userId), postNamesOfUser(db, auth.userId)]);
      return { data, roleGroup: roleNames.join(','), postGroup: postNames.join(',') };
    },

    async update(auth: AuthContext, body: ProfileBody) {
      const user = await me(auth);
      if (body.phonenumber && (await findUserClash(db, 'phonenumber', body.phonenumber, auth.userId))) {
        throw badRequest('user.phoneExists', { name: user.userName });
      }
      if (body.email && (await findUserClash(db, 'email', body.email, auth.userId))) throw badRequest('user.emailExists', { name: user.userName });
      await db
        .update(sysUser)
        .set({ ...body, updateBy: auth.userName, updateTime: new Date(), version: sql`${sysUser.version} + 1` })
        .where(eq(sysUser.userId, auth.userId));
      // The nick name is part of a resolved session.
      await sessions.changed();
    },

    async updatePassword(auth: AuthContext, body: UpdatePwdBody) {
      const stored = await passwordOf(db, auth.userId);
      if (!stored || !(await verifyPassword(stored, body.oldPassword))) throw badRequest('profile.oldPasswordWrong');
      if (await verifyPassword(stored, body.newPassword)) throw badRequest('profile.samePassword');
      await db
        .update(sysUser)
        .set({
          password: await hashPassword(body.newPassword),
          pwdUpdateDate: new Date(),
          pwdChangeRequired: false,
          updateTime: new Date(),
          version: sql`${sysUser.version} + 1`,
        })
        .where(eq(sysUser.userId, auth.userId));
      // No longer required to change it: the session lifts its gate at the next request.
      await sessions.changed();
      // Other sessions may be someone who learnt the old password: they end, this one stays.
      await endSessionsOfUser(db, sessions, auth.userId, auth.tokenId);
    },

    /** Stores a png or jpeg avatar (the bytes must be one, not only the name) and returns its URL. */
    async setAvatar(auth: AuthContext, file: { filename: string; path: string; head: Buffer }) {
      const ext = file.filename.toLowerCase().split('.').pop() ?? '';
      if (!(AVATAR_TYPES as readonly string[]).includes(ext)) throw badRequest('avatar.invalid');
      const sniffed = sniffImage(file.head);
      if (!sniffed || (sniffed === 'png') !== (ext === 'png')) throw badRequest('avatar.invalid');
      const user = await me(auth);
      const key = `${auth.userId}/${randomBytes(16).toString('hex')}.${ext}`;
      await storage.put(AVATAR_FOLDER + key, createReadStream(file.path));
      const imgUrl = AVATAR_URL_PREFIX + key;
      await db
        .update(sysUser)
        .set({ avatar: imgUrl, updateTime: new Date(), version: sql`${sysUser.version} + 1` })
        .where(eq(sysUser.userId, auth.userId));
      // The previous upload is no longer shown anywhere.
      const previous = user.avatar.startsWith(AVATAR_URL_PREFIX) ? user.avatar.slice(AVATAR_URL_PREFIX.length) : '';
      if (AVATAR_KEY.test(previous)) await storage.remove(AVATAR_FOLDER + previous);
      return imgUrl;
    },

    /** An avatar file by its key below the avatar folder; undefined when the key is malformed or absent. */
    async readAvatar(key: string) {
      if (!AVATAR_KEY.test(key)) return undefined;
      if ((await storage.size(AVATAR_FOLDER + key)) === null) return undefined;
      return storage.read(AVATAR_FOLDER + key);
    },
  };
}
