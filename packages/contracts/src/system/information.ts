import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf } from '../http';

/** GET /system/information/version: the running product's version text, in `msg` (spec section 7). */
export const VersionText = z.object({
  code: z.number(),
  msg: z.string().describe('the version text, e.g. V2.2.0'),
});
export type VersionText = z.infer<typeof VersionText>;

/** GET /ccms/version/push: the latest released version the administrator announced, and where to get it. */
export const VersionPush = z.object({
  versionCode: z.string().describe('latest released version (config sys.version.code); empty when none is announced'),
  url: z.string().describe('where the update is described (config sys.version.url)'),
});
export type VersionPush = z.infer<typeof VersionPush>;

const tag = 'system/information';

/** The version API (the about box and the version notice): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const InformationApi = {
  version: endpoint({
    method: 'GET',
    url: '/system/information/version',
    access: { authenticated: true },
    summary: "Answer the running product's version text in msg",
    tag,
    response: VersionText,
  }),
  latest: endpoint({
    method: 'GET',
    url: '/ccms/version/push',
    access: { authenticated: true },
    summary: 'Answer the latest announced version and its update address, for the version notice',
    tag,
    response: okOf(VersionPush),
  }),
};
