import type { Condition } from '@ccms/contracts/work/work-item-conditions';
import { dayBounds, type ParsedCondition, parseCondition, type Scalar, TIMESTAMP_FIELDS } from './work-item.conditions';
import { BOOL_FIELDS, NUMBER_FIELDS, type ProjectRows, TEXT_FIELDS, type TextField } from './work-item-index-store';

/**
 * Conditions as tests on a project's rows in memory, giving exactly what their SQL
 * (work-item.conditions.ts) selects; undefined when a condition is one the index cannot answer
 * that exactly, and SQL answers it. NULL is NaN in number columns: a comparison with it is false,
 * as SQL's unknown is false in a WHERE of conditions joined by AND or OR.
 */

type Test = (slot: number) => boolean;

const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;

/** What lower() does to printable ASCII in this database was checked (see `caseFoldingOf`). */
export interface Folding {
  asciiLower: boolean;
}

/** The day number of a real calendar day 'YYYY-MM-DD' (year 1 on), else undefined (SQL errs or differs there). */
function dayNumber(day: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (y < 1 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return t / 86_400_000;
}

/** A pattern's lower() as the database computes it, when that is certain: ASCII and caseless characters only. */
function lowerPattern(text: string, folding: Folding): string | undefined {
  if (!folding.asciiLower) return undefined;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
    else if (ch.toLowerCase() === ch && ch.toUpperCase() === ch) out += ch;
    else return undefined;
  }
  return out;
}

/** Text as PostgreSQL would receive it: no NUL, no lone surrogate (those differ or fail there). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const sendable = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);

function textTest(rows: ProjectRows, field: TextField, c: ParsedCondition, folding: Folding): Test | undefined {
  const codes = rows.texts[field];
  const values = c.values.map((v) => String(v));
  if (!values.every(sendable)) return undefined;
  const dict = rows.dicts[field];
  const [first = ''] = values;
  switch (c.operator) {
    case 'eq':
    case 'empty': {
      const code = rows.codeOf(field, c.operator === 'empty' ? '' : first);
      return (s) => codes[s] === code;
    }
    case 'ne':
    case 'notEmpty': {
      const code = rows.codeOf(field, c.operator === 'notEmpty' ? '' : first);
      return (s) => codes[s] !== code;
    }
    case 'in':
    case 'notIn': {
      const wanted = new Set(values.map((v) => rows.codeOf(field, v)));
      const keep = c.operator === 'in';
      return (s) => wanted.has(codes[s] as number) === keep;
    }
    case 'contains':
    case 'notContains': {
      const pattern = lowerPattern(first, folding);
      if (pattern === undefined) return undefined;
      const key = `${field}\u0000${pattern}`;
      let matches = rows.containing.get(key);
      if (!matches) {
        matches = new Uint8Array(dict.values.length);
        for (let i = 0; i < matches.length; i++) matches[i] = (dict.lower[i] ?? dict.values[i] ?? '').includes(pattern) ? 1 : 0;
        // A few hundred patterns at most are kept: the list screen repeats a handful.
        if (rows.containing.size >= 256) rows.containing.clear();
        rows.containing.set(key, matches);
      }
      const found = matches;
      const want = c.operator === 'contains' ? 1 : 0;
      return (s) => found[codes[s] as number] === want;
    }
    default:
      return undefined;
  }
}

/** Number-like columns: numbers, user ids, day numbers and timestamps, each as a range or a set. */
function numberTest(column: Float64Array, c: ParsedCondition, values: number[]): Test | undefined {
  const [a = 0, b = 0] = values;
  switch (c.operator) {
    case 'empty':
      return c.nullable ? (s) => Number.isNaN(column[s]) : () => false;
    case 'notEmpty':
      return c.nullable ? (s) => !Number.isNaN(column[s]) : () => true;
    case 'eq':
      return (s) => column[s] === a;
    case 'ne':
      // NaN (NULL) !== a: "not me" includes the unassigned, as the SQL's OR IS NULL does.
      return (s) => column[s] !== a;
    case 'in': {
      const set = new Set(values);
      return (s) => set.has(column[s] as number);
    }
    case 'notIn': {
      const set = new Set(values);
      return (s) => !set.has(column[s] as number) && (c.nullable || !Number.isNaN(column[s]));
    }
    case 'gt':
      return (s) => (column[s] as number) > a;
    case 'lt':
      return (s) => (column[s] as number) < a;
    case 'ge':
      return (s) => (column[s] as number) >= a;
    case 'le':
      return (s) => (column[s] as number) <= a;
    case 'between':
      return (s) => (column[s] as number) >= a && (column[s] as number) <= b;
    default:
      return undefined;
  }
}

/** A date condition: days compare as days; a timestamp field takes a day as the whole local day (dateCondition). */
function dateTest(column: Float64Array, c: ParsedCondition): Test | undefined {
  const days = c.values.map((v) => dayNumber(String(v)));
  if (days.some((d) => d === undefined)) return undefined;
  if (!TIMESTAMP_FIELDS.has(c.field)) return numberTest(column, c, days as number[]);
  if (c.operator === 'empty' || c.operator === 'notEmpty') return numberTest(column, c, []);
  const bounds = c.values.map((v) => dayBounds(String(v)).map((d) => d.getTime() * 1000) as [number, number]);
  if (bounds.flat().some((t) => !Number.isFinite(t))) return undefined;
  const [[aStart, aEnd] = [0, 0], [, bEnd] = [0, 0]] = bounds;
  switch (c.operator) {
    case 'eq':
      return (s) => (column[s] as number) >= aStart && (column[s] as number) < aEnd;
    case 'gt':
      return (s) => (column[s] as number) >= aEnd;
    case 'lt':
      return (s) => (column[s] as number) < aStart;
    case 'ge':
      return (s) => (column[s] as number) >= aStart;
    case 'le':
      return (s) => (column[s] as number) < aEnd;
    case 'between':
      return (s) => (column[s] as number) >= aStart && (column[s] as number) < bEnd;
    default:
      return undefined;
  }
}

/** Numbers as the database would take them: an integer column refuses a fraction or a value past int4. */
function numbersFor(c: ParsedCondition): number[] | undefined {
  const values = c.values as number[];
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return undefined;
  if (c.column.columnType === 'PgInteger' && values.some((v) => !Number.isInteger(v) || v < INT4_MIN || v > INT4_MAX)) return undefined;
  return values.map((v) => (Object.is(v, -0) ? 0 : v));
}

function conditionTest(rows: ProjectRows, c: ParsedCondition, folding: Folding): Test | undefined {
  if (c.field in TEXT_FIELDS) return textTest(rows, c.field as TextField, c, folding);
  if (c.field in BOOL_FIELDS) {
    const column = rows.bools[c.field as keyof typeof BOOL_FIELDS];
    const want = (c.values as Scalar[])[0] === true ? 1 : 0;
    return c.operator === 'eq' ? (s) => column[s] === want : undefined;
  }
  if (!(c.field in NUMBER_FIELDS)) return undefined;
  const column = rows.numbers[c.field as keyof typeof NUMBER_FIELDS];
  if (c.kind === 'date') return dateTest(column, c);
  const values = numbersFor(c);
  return values && numberTest(column, c, values);
}

/**
 * The rows' test for a query's conditions and type, or undefined when SQL must answer. The
 * conditions were checked already (conditionsSql), so parsing them again throws nothing new.
 */
export function compileQuery(
  rows: ProjectRows,
  q: { conditions: Condition[]; logic: 'and' | 'or'; workItemType?: string },
  folding: Folding,
): Test | undefined {
  const tests: Test[] = [];
  for (const [i, condition] of q.conditions.entries()) {
    const test = conditionTest(rows, parseCondition(condition, i), folding);
    if (!test) return undefined;
    tests.push(test);
  }
  const alive = rows.alive;
  const types = rows.texts.workItemType;
  const type = q.workItemType === undefined ? undefined : rows.codeOf('workItemType', q.workItemType);
  const scoped: Test = type === undefined ? (s) => alive[s] === 1 : (s) => alive[s] === 1 && types[s] === type;
  if (tests.length === 0) return scoped;
  if (q.logic === 'or') return (s) => scoped(s) && tests.some((t) => t(s));
  return (s) => {
    if (!scoped(s)) return false;
    for (const t of tests) if (!t(s)) return false;
    return true;
  };
}
