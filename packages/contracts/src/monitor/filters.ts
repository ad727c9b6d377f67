import { z } from 'zod';

/** Search-form fields arrive as text and an emptied field as ""; both mean "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** Text that is not a number is named as the wrong type (the request validator does not pass the input on). */
export const optionalInt = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'field.invalidType' : undefined) })
      .int()
      .min(min)
      .max(max)
      .optional(),
  );

export const optionalFlag = z.preprocess(blankToUndefined, z.enum(['0', '1']).optional());

/** RuoYi's range filter params[beginTime] / params[endTime]: "yyyy-MM-dd" or "yyyy-MM-dd HH:mm:ss", server local time. */
const stamp = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/)
    .optional(),
);
export const TimeRange = z.object({ 'params[beginTime]': stamp, 'params[endTime]': stamp });
