/** Located problems, the same fields as the DITA package's (severity, code, message, file, line, column), with the message in both languages. */
export type Severity = 'error' | 'warning' | 'info';

export interface Problem {
  severity: Severity;
  code: string;
  /** English text (the DITA package's `message`). */
  message: string;
  /** The message in each language: zh is the default, en the same text in English. */
  messages: { zh: string; en: string };
  file: string;
  line: number;
  column: number;
}

export interface Located {
  file: string;
  line: number;
  column: number;
}

export function problem(severity: Severity, code: string, at: Located, zh: string, en: string): Problem {
  return { severity, code, message: en, messages: { zh, en }, file: at.file, line: at.line, column: at.column };
}

/** The message in a user's language (zh unless en is asked for). */
export function problemText(p: Problem, lang: string | undefined): string {
  return lang?.toLowerCase().startsWith('en') ? p.messages.en : p.messages.zh;
}
