/**
 * The cron expression helper's model: six fields (seconds first, as the server accepts), each in
 * one of a few modes, turned into text and read back. Weekdays are 0-6 with Sunday 0 (the
 * server's cron-parser), not Quartz's 1-7.
 */
export type CronField = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week';
export const CRON_FIELDS: readonly CronField[] = ['second', 'minute', 'hour', 'day', 'month', 'week'];

/** every "*", none "?", range "a-b", step "a/n", list "a,b", last "L" or "dL", nth "d#n". */
export type FieldMode = 'every' | 'none' | 'range' | 'step' | 'list' | 'last' | 'nth';

export interface FieldState {
  mode: FieldMode;
  from: number;
  to: number;
  start: number;
  step: number;
  values: number[];
  /** Weekday of "last" and "nth" on the week field. */
  weekday: number;
  /** Which occurrence of the weekday ("nth"), 1-5. */
  nth: number;
}

export type CronState = Record<CronField, FieldState>;

export const FIELD_BOUNDS: Record<CronField, readonly [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  week: [0, 6],
};

/** Modes each field offers. */
export const FIELD_MODES: Record<CronField, readonly FieldMode[]> = {
  second: ['every', 'range', 'step', 'list'],
  minute: ['every', 'range', 'step', 'list'],
  hour: ['every', 'range', 'step', 'list'],
  day: ['every', 'none', 'range', 'step', 'last', 'list'],
  month: ['every', 'range', 'step', 'list'],
  week: ['every', 'none', 'range', 'last', 'nth', 'list'],
};

export function defaultField(field: CronField): FieldState {
  const [min, max] = FIELD_BOUNDS[field];
  const base: FieldState = { mode: 'every', from: min, to: Math.min(max, min + 1), start: min, step: 1, values: [], weekday: 1, nth: 1 };
  if (field === 'second') return { ...base, mode: 'list', values: [0] };
  if (field === 'minute') return { ...base, step: 5 };
  if (field === 'week') return { ...base, mode: 'none', from: 1, to: 5 };
  return base;
}

/** Fires at second 0 of every minute: the most frequent schedule the server accepts. */
export const defaultCron = (): CronState => ({
  second: defaultField('second'),
  minute: defaultField('minute'),
  hour: defaultField('hour'),
  day: defaultField('day'),
  month: defaultField('month'),
  week: defaultField('week'),
});

export function fieldText(field: CronField, s: FieldState): string {
  const [min] = FIELD_BOUNDS[field];
  switch (s.mode) {
    case 'every':
      return '*';
    case 'none':
      return '?';
    case 'range':
      return `${Math.min(s.from, s.to)}-${Math.max(s.from, s.to)}`;
    case 'step':
      return `${s.start}/${Math.max(1, s.step)}`;
    case 'list': {
      const values = [...new Set(s.values)].sort((a, b) => a - b);
      return values.length > 0 ? values.join(',') : String(min);
    }
    case 'last':
      return field === 'week' ? `${s.weekday}L` : 'L';
    case 'nth':
      return `${s.weekday}#${s.nth}`;
  }
}

export const cronText = (state: CronState) => CRON_FIELDS.map((f) => fieldText(f, state[f])).join(' ');

const inBounds = (field: CronField, n: number) => n >= FIELD_BOUNDS[field][0] && n <= FIELD_BOUNDS[field][1];

/** One field's text as helper state; null when it uses syntax the helper does not offer. */
export function parseField(field: CronField, text: string): FieldState | null {
  const state = defaultField(field);
  const modes = FIELD_MODES[field];
  if (text === '*') return { ...state, mode: 'every' };
  if (text === '?') return modes.includes('none') ? { ...state, mode: 'none' } : null;
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return modes.includes('range') && inBounds(field, from) && inBounds(field, to) ? { ...state, mode: 'range', from, to } : null;
  }
  const step = /^(\d+|\*)\/(\d+)$/.exec(text);
  if (step) {
    const start = step[1] === '*' ? FIELD_BOUNDS[field][0] : Number(step[1]);
    const every = Number(step[2]);
    return modes.includes('step') && inBounds(field, start) && every >= 1 ? { ...state, mode: 'step', start, step: every } : null;
  }
  if (/^\d+(,\d+)*$/.test(text)) {
    const values = text.split(',').map(Number);
    return values.every((v) => inBounds(field, v)) ? { ...state, mode: 'list', values } : null;
  }
  if (field === 'day') return text === 'L' ? { ...state, mode: 'last' } : null;
  if (field !== 'week') return null;
  const last = /^([0-6])L$/.exec(text);
  if (last) return { ...state, mode: 'last', weekday: Number(last[1]) };
  const nth = /^([0-6])#([1-5])$/.exec(text);
  if (nth) return { ...state, mode: 'nth', weekday: Number(nth[1]), nth: Number(nth[2]) };
  return null;
}

/** A 5- or 6-field expression as helper state (5 fields get second 0); null when any field is beyond the helper. */
export function parseCron(expression: string): CronState | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length === 5) parts.unshift('0');
  if (parts.length !== 6) return null;
  const state = defaultCron();
  for (const [i, field] of CRON_FIELDS.entries()) {
    const parsed = parseField(field, parts[i] ?? '');
    if (!parsed) return null;
    state[field] = parsed;
  }
  return state;
}

/**
 * Sets one field. Day and weekday restrict together as "either", which reads badly: choosing a
 * restriction on one sets the other to "not specified", as Quartz requires.
 */
export function withField(state: CronState, field: CronField, next: FieldState): CronState {
  const out = { ...state, [field]: next };
  const restricts = (s: FieldState) => s.mode !== 'every' && s.mode !== 'none';
  if (field === 'week' && restricts(next)) out.day = { ...state.day, mode: 'none' };
  if (field === 'day' && restricts(next)) out.week = { ...state.week, mode: 'none' };
  // One of the two must stay open: "?" on both would never fire.
  if (out.day.mode === 'none' && out.week.mode === 'none') {
    if (field === 'day') out.week = { ...out.week, mode: 'every' };
    else out.day = { ...out.day, mode: 'every' };
  }
  return out;
}

export interface CronPreview {
  runs: Date[];
  /** Two fires less than a minute apart: the server refuses such schedules. */
  tooFrequent: boolean;
}

/** The next runs of an expression from a time, through the same parser the server uses; null when it cannot be read. */
export async function previewCron(expression: string, count = 5, from = new Date()): Promise<CronPreview | null> {
  const { CronExpressionParser } = await import('cron-parser');
  try {
    const it = CronExpressionParser.parse(expression.trim().replace(/\s+/g, ' '), { currentDate: from });
    const fires = Array.from({ length: Math.max(count, 6) }, () => it.next().toDate());
    const tooFrequent = fires.slice(1).some((d, i) => d.getTime() - (fires[i]?.getTime() ?? 0) < 60_000);
    return { runs: fires.slice(0, count), tooFrequent };
  } catch {
    return null;
  }
}
