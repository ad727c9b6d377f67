/** The shape of packages/dita's Problem, with the object XPath and the message in both languages. */
export type Severity = 'error' | 'warning' | 'info';

export interface Localized {
  zh: string;
  en: string;
}

export interface ValidationProblem {
  severity: Severity;
  code: string;
  /** English message (what packages/dita's Problem carries); `messages` has both languages. */
  message: string;
  messages: Localized;
  file: string;
  line: number;
  column: number;
  /** Where in the object, as s1kd-brexcheck writes it: /dmodule[1]/.../@infoCode. */
  xpath?: string;
  /** The BREX rule that gave the problem. */
  rule?: { brex: string; index: number; path: string; use: string };
}

export interface At {
  file: string;
  line: number;
  column: number;
  xpath?: string;
}

export function problem(severity: Severity, code: string, messages: Localized, at: At, rule?: ValidationProblem['rule']): ValidationProblem {
  return {
    severity,
    code,
    message: messages.en,
    messages,
    file: at.file,
    line: at.line,
    column: at.column,
    ...(at.xpath !== undefined ? { xpath: at.xpath } : {}),
    ...(rule !== undefined ? { rule } : {}),
  };
}

/** The message in the user's language (zh by default). */
export function messageIn(p: ValidationProblem, lang: 'zh' | 'en' = 'zh'): string {
  return p.messages[lang];
}
