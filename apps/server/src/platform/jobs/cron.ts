import { createRequire } from 'node:module';
import { CronExpressionParser } from 'cron-parser';

/** Crons fire in the server's own time zone, as RuoYi's Quartz did. */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * pg-boss evaluates schedules with its own cron-parser 4; one expression it cannot read makes its
 * whole cron pass fail, so every expression must satisfy that parser too.
 */
const bossCron = createRequire(import.meta.resolve('pg-boss'))('cron-parser') as {
  parseExpression(expression: string, options: { tz: string }): { prev(): unknown };
};

/** Collapses runs of blanks, so the same schedule is stored and compared one way. */
export const normaliseCron = (expression: string) => expression.trim().replace(/\s+/g, ' ');

/** 'ok', or why the expression cannot be scheduled. pg-boss checks schedules once a minute, so faster crons are refused. */
export function checkCron(expression: string): 'ok' | 'invalid' | 'tooFrequent' {
  const text = normaliseCron(expression);
  const fields = text.split(' ').length;
  if (fields < 5 || fields > 6) return 'invalid';
  let fires: number[];
  try {
    bossCron.parseExpression(text, { tz: SERVER_TIME_ZONE }).prev();
    const it = CronExpressionParser.parse(text, { tz: SERVER_TIME_ZONE });
    fires = Array.from({ length: 6 }, () => it.next().getTime());
  } catch {
    return 'invalid';
  }
  for (let i = 1; i < fires.length; i++) if ((fires[i] ?? 0) - (fires[i - 1] ?? 0) < 60_000) return 'tooFrequent';
  return 'ok';
}

export function nextFire(expression: string, from = new Date()): Date | null {
  try {
    return CronExpressionParser.parse(normaliseCron(expression), { tz: SERVER_TIME_ZONE, currentDate: from }).next().toDate();
  } catch {
    return null;
  }
}

export function previousFire(expression: string, from = new Date()): Date | null {
  try {
    return CronExpressionParser.parse(normaliseCron(expression), { tz: SERVER_TIME_ZONE, currentDate: from }).prev().toDate();
  } catch {
    return null;
  }
}
