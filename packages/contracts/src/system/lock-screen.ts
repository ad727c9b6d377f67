import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty } from '../http';

/** RuoYi 3.9's lock screen: the signed-in user's password unlocks it. */
export const UnlockScreenBody = z.object({
  password: z.string().min(1).max(128).describe("the signed-in user's password"),
});
export type UnlockScreenBody = z.infer<typeof UnlockScreenBody>;

const tag = 'system/auth';

/** The lock screen's unlock (RuoYi 3.9 POST /unlockscreen, which RuoYi's client calls): its URL, method, access and schemas, for the server's route. */
export const LockScreenApi = {
  unlock: endpoint({
    method: 'POST',
    url: '/unlockscreen',
    access: { authenticated: true },
    summary: "Unlock the lock screen with the signed-in user's password",
    tag,
    body: UnlockScreenBody,
    response: OkEmpty,
  }),
};
