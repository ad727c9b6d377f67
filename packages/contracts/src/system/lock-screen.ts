import { z } from 'zod';

/** RuoYi 3.9's lock screen: the signed-in user's password unlocks it. */
export const UnlockScreenBody = z.object({
  password: z.string().min(1).max(128).describe("the signed-in user's password"),
});
export type UnlockScreenBody = z.infer<typeof UnlockScreenBody>;
