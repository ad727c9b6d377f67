import { z } from 'zod';

/** A located problem: line and column are 1-based; 0 when the problem has no place. */
export const EditorProblem = z.object({
  line: z.number(),
  column: z.number(),
  severity: z.enum(['error', 'warning']),
  /** Stable code, e.g. xml.notWellFormed, dita.stepWithoutCmd, dtd.invalid, ref.broken. */
  code: z.string(),
  message: z.string().describe("sentence in the caller's language"),
  /** An error the file already had before the edit: shown as a warning, it does not refuse the save. */
  preexisting: z.boolean().optional().describe('an error already in the committed file, downgraded to a warning'),
});
export type EditorProblem = z.infer<typeof EditorProblem>;
