export type Severity = 'error' | 'warning' | 'info';

/** One located message: the build reports it and goes on. */
export interface Problem {
  severity: Severity;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

export interface Located {
  file: string;
  line: number;
  column: number;
}

/** Collects problems without duplicates (the same reference may be visited twice). */
export class ProblemList {
  readonly items: Problem[] = [];
  private readonly seen = new Set<string>();

  add(severity: Severity, code: string, message: string, at: Located): void {
    const key = `${code}|${at.file}|${at.line}|${at.column}|${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ severity, code, message, file: at.file, line: at.line, column: at.column });
  }

  error(code: string, message: string, at: Located): void {
    this.add('error', code, message, at);
  }

  warning(code: string, message: string, at: Located): void {
    this.add('warning', code, message, at);
  }

  info(code: string, message: string, at: Located): void {
    this.add('info', code, message, at);
  }

  addAll(problems: readonly Problem[]): void {
    for (const p of problems) this.add(p.severity, p.code, p.message, p);
  }

  sorted(): Problem[] {
    return [...this.items].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
  }
}

export function countBySeverity(problems: readonly Problem[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const p of problems) out[p.severity]++;
  return out;
}
