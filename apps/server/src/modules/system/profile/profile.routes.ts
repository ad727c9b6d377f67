import { Code, OkEmpty } from '@ccms/contracts/http';
import { AVATAR_MAX_MB, AvatarResult, ProfileBody, ProfileResult, UpdatePwdBody } from '@ccms/contracts/system/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done } from '../../../platform/http/envelope';
import { badRequest, notFound } from '../../../platform/http/errors';
import { BusinessType } from '../../../platform/types';
import { readUpload } from '../user/request-input';
import { contentTypeOf, profileService } from './profile.service';

const log = (businessType: BusinessType) => ({ title: 'profile', businessType });

/**
 * The signed-in user's own record (RuoYi's SysProfileController) and the avatar files it points to.
 * All of it answers a user who must still change a password someone else set: RuoYi's client sends
 * them to this page to change it.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = profileService(app.db, app.storage, app.sessions);

  app.get(
    '/system/user/profile',
    {
      config: { authenticated: true, beforePasswordChange: true },
      schema: { summary: "Get the caller's own profile", tags: ['system/profile'], response: { 200: ProfileResult } },
    },
    async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await profile.get(caller(req))),
    }),
  );

  app.put(
    '/system/user/profile',
    {
      config: { authenticated: true, beforePasswordChange: true, log: log(BusinessType.UPDATE) },
      schema: { summary: "Update the caller's own profile", tags: ['system/profile'], body: ProfileBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await profile.update(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/user/profile/updatePwd',
    // JSON body only (RuoYi 3.8.7+): passwords in a query string would land in URL logs.
    {
      config: { authenticated: true, beforePasswordChange: true, log: log(BusinessType.UPDATE) },
      schema: { summary: "Change the caller's own password", tags: ['system/profile'], body: UpdatePwdBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await profile.updatePassword(caller(req), req.body);
      return done();
    },
  );

  app.post(
    '/system/user/profile/avatar',
    {
      config: { authenticated: true, beforePasswordChange: true, log: log(BusinessType.UPDATE) },
      schema: { summary: "Upload the caller's avatar image (multipart)", tags: ['system/profile'], response: { 200: AvatarResult } },
    },
    async (req) => {
      const upload = await readUpload(req, 'avatarfile', AVATAR_MAX_MB * 1024 * 1024, {
        missing: badRequest('profile.avatarMissing'),
        tooLarge: badRequest('profile.avatarTooLarge', { max: AVATAR_MAX_MB }),
      });
      return { code: Code.OK, msg: 'ok', imgUrl: await profile.setAvatar(caller(req), upload) };
    },
  );

  // Public because <img> tags send no bearer token; only well-formed keys under the avatar folder are served.
  app.get(
    '/profile/avatar/*',
    {
      config: { public: true },
      schema: {
        summary: 'Serve an avatar image by its stored path',
        tags: ['system/profile'],
        params: z.object({ '*': z.string().max(200) }),
        response: { 200: z.unknown().describe('a png or jpeg image') },
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      const stream = await profile.readAvatar(key);
      if (!stream) throw notFound();
      return reply
        .header('content-type', contentTypeOf(key))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(stream);
    },
  );
};
