/** A problem with a profile file: located, with its message in both languages. */
export interface ProfileProblem {
  severity: 'error' | 'warning';
  code: string;
  line: number;
  column: number;
  messages: { zh: string; en: string };
}

export const profileProblem = (
  severity: ProfileProblem['severity'],
  code: string,
  at: { line: number; column: number },
  messages: ProfileProblem['messages'],
): ProfileProblem => ({ severity, code, line: Math.max(1, at.line), column: Math.max(1, at.column), messages });
