import { z } from 'zod';

/** A calendar date "YYYY-MM-DD"; empty means none. */
export const OptionalDate = z
  .preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field.invalidFormat' })
      .nullable(),
  )
  .describe('YYYY-MM-DD, or null');

/** Optional user/library/release id: null or empty means none. */
export const OptionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().positive().nullable());

/** Adds "end not before begin" to an object schema: the message names the end field. */
export function endNotBeforeBegin<T extends { [k: string]: unknown }>(begin: keyof T & string, end: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const b = value[begin];
    const e = value[end];
    if (typeof b === 'string' && typeof e === 'string' && e < b) {
      ctx.addIssue({ code: 'custom', path: [end], message: 'work.endBeforeBegin' });
    }
  };
}

/** Optimistic concurrency: the version the client read; a stale one answers 409. */
export const RowVersion = z.coerce.number().int().positive().describe('rowVersion as read; a stale one is refused with 409');

/** A user in pickers (owner, assignee, members). */
export const UserOption = z.object({ userId: z.number(), userName: z.string(), nickName: z.string() });
export type UserOption = z.infer<typeof UserOption>;
