import { isDeepStrictEqual } from 'node:util';
import { safeEncode, z } from 'zod';

/**
 * Answers written without zod's encode when it would change nothing. fastify-type-provider-zod
 * encodes every answer with its schema (a full copy of the data, checked field by field) and then
 * writes it with JSON.stringify: for a page of 20 work items that cost about 0.2 ms of the
 * server's CPU per request under load, more than the in-memory query that found them. Most
 * answers are built to their schema already, so a judge compiled once per schema walks the data
 * without copying it and makes the same checks (types, enums, literals, lengths, integer bounds,
 * the first union option that accepts); when zod would give the value back as it is (no key to
 * strip, nothing to refuse), the answer is JSON.stringify of the value itself. Otherwise, and for
 * kinds the judge does not know (defaults, transforms, pipes, lazy, tuples, intersections, string
 * formats, refinements, ...), zod's own path writes it, or throws the same error as before.
 */

/** What zod's encode would do with a value: refuse it, accept it changed (keys it strips), or give it back as it is. */
export const REFUSED = 0;
export const CHANGED = 1;
export const SAME = 2;
type Fit = typeof REFUSED | typeof CHANGED | typeof SAME;
type Fits = (value: unknown) => Fit;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  check?: string;
  format?: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
  [key: string]: unknown;
}

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;
const fit = (ok: boolean): Fit => (ok ? SAME : REFUSED);

/** A node zod judges itself (kinds and checks this file does not know): the same only when zod hands back the very value. */
function byZod(schema: z.core.$ZodType): Fits {
  return (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) return REFUSED;
    return result.data === value ? SAME : CHANGED;
  };
}

/** The checks of a string, number or array node as one test; undefined when one is not known. */
function checksOf(def: Def, measure: (value: never) => number): ((value: never) => boolean) | undefined {
  const defs: CheckDef[] = (def.checks ?? []).map((c) => c._zod.def);
  // z.int() and the like are themselves a check.
  if (def.check) defs.push(def as unknown as CheckDef);
  const tests: Array<(value: never) => boolean> = [];
  for (const c of defs) {
    if (c.check === 'max_length' && typeof c.maximum === 'number') {
      const max = c.maximum;
      tests.push((v) => measure(v) <= max);
    } else if (c.check === 'min_length' && typeof c.minimum === 'number') {
      const min = c.minimum;
      tests.push((v) => measure(v) >= min);
    } else if (c.check === 'number_format' && c.format === 'safeint') {
      tests.push((v) => Number.isSafeInteger(v));
    } else if ((c.check === 'greater_than' || c.check === 'less_than') && typeof c.value === 'number') {
      const bound = c.value;
      const up = c.check === 'greater_than';
      tests.push(c.inclusive ? (v) => (up ? (v as number) >= bound : (v as number) <= bound) : (v) => (up ? (v as number) > bound : (v as number) < bound));
    } else {
      return undefined;
    }
  }
  if (tests.length === 0) return () => true;
  return (v) => tests.every((t) => t(v));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

function objectFits(def: Def): Fits | undefined {
  // Strict and passthrough objects (a catchall) are zod's.
  if (def.catchall !== undefined) return undefined;
  const shape = def.shape as Record<string, z.core.$ZodType>;
  // A key zod wants present even when its value may be undefined (z.unknown()): only optional ones may be missing.
  const fields = Object.keys(shape).map((key) => {
    const field = shape[key] as z.core.$ZodType;
    return { key, fits: fitsOf(field), required: field._zod.optin !== 'optional' };
  });
  const known = new Set(Object.keys(shape));
  return (value) => {
    if (!isPlainObject(value)) return REFUSED;
    let result: Fit = SAME;
    for (const f of fields) {
      const item = value[f.key];
      if (item === undefined && f.required && !(f.key in value)) return REFUSED;
      const r = f.fits(item);
      if (r === REFUSED) return REFUSED;
      if (r === CHANGED) result = CHANGED;
    }
    if (result === SAME) {
      // A key the schema does not name is stripped by zod (JSON leaves out an undefined one anyway).
      for (const key in value) if (!known.has(key) && value[key] !== undefined) return CHANGED;
    }
    return result;
  };
}

function arrayFits(def: Def, schema: z.core.$ZodType): Fits {
  const ok = checksOf(def, (v: unknown[]) => v.length);
  if (!ok) return byZod(schema);
  const fits = fitsOf(def.element as z.core.$ZodType);
  return (value) => {
    if (!Array.isArray(value) || !ok(value as never)) return REFUSED;
    let result: Fit = SAME;
    for (const item of value) {
      const r = fits(item);
      if (r === REFUSED) return REFUSED;
      if (r === CHANGED) result = CHANGED;
    }
    return result;
  };
}

function recordFits(def: Def, schema: z.core.$ZodType): Fits {
  const key = defOf(def.keyType as z.core.$ZodType);
  if (key.type !== 'string' || key.checks?.length || key.check || key.format) return byZod(schema);
  const fits = fitsOf(def.valueType as z.core.$ZodType);
  return (value) => {
    if (!isPlainObject(value)) return REFUSED;
    let result: Fit = SAME;
    for (const k of Object.keys(value)) {
      const r = fits(value[k]);
      if (r === REFUSED) return REFUSED;
      if (r === CHANGED) result = CHANGED;
    }
    return result;
  };
}

const cache = new WeakMap<z.core.$ZodType, Fits>();

/** The judge of one schema node (built once per node). */
function fitsOf(schema: z.core.$ZodType): Fits {
  const known = cache.get(schema);
  if (known) return known;
  // A node met again while its own judge is being built (a cycle) asks the cache at call time.
  cache.set(schema, (value) => (cache.get(schema) as Fits)(value));
  const fits = build(schema);
  cache.set(schema, fits);
  return fits;
}

/** Kinds whose checks this file reads itself; a check on any other kind (a refine on an object) is zod's. */
const CHECKED_KINDS = new Set(['string', 'number', 'array']);

function build(schema: z.core.$ZodType): Fits {
  const def = defOf(schema);
  if (def.checks?.length && !CHECKED_KINDS.has(def.type)) return byZod(schema);
  switch (def.type) {
    case 'string': {
      const ok = def.format ? undefined : checksOf(def, (v: string) => v.length);
      if (!ok) return byZod(schema);
      return (v) => fit(typeof v === 'string' && ok(v as never));
    }
    case 'number': {
      const ok = checksOf(def, (v: number) => v);
      if (!ok) return byZod(schema);
      return (v) => fit(typeof v === 'number' && Number.isFinite(v) && ok(v as never));
    }
    case 'boolean':
      return (v) => fit(typeof v === 'boolean');
    case 'null':
      return (v) => fit(v === null);
    case 'date':
      return (v) => fit(v instanceof Date && !Number.isNaN(v.getTime()));
    case 'unknown':
    case 'any':
      return () => SAME;
    case 'enum':
    case 'literal': {
      // The values zod itself accepts (a numeric TypeScript enum's names are not among them).
      const values = schema._zod.values;
      if (!values) return byZod(schema);
      return (v) => fit(v !== undefined && values.has(v as never));
    }
    case 'nullable': {
      const inner = fitsOf(def.innerType as z.core.$ZodType);
      return (v) => (v === null ? SAME : inner(v));
    }
    case 'optional': {
      const inner = fitsOf(def.innerType as z.core.$ZodType);
      return (v) => (v === undefined ? SAME : inner(v));
    }
    case 'readonly':
      return fitsOf(def.innerType as z.core.$ZodType);
    case 'union': {
      // zod takes the first option that accepts the value.
      const options = (def.options as z.core.$ZodType[]).map(fitsOf);
      return (v) => {
        for (const fits of options) {
          const r = fits(v);
          if (r !== REFUSED) return r;
        }
        return REFUSED;
      };
    }
    case 'object':
      return objectFits(def) ?? byZod(schema);
    case 'array':
      return arrayFits(def, schema);
    case 'record':
      return recordFits(def, schema);
    default:
      return byZod(schema);
  }
}

/** Whether zod's encode would give `value` back as it is (then JSON.stringify of it is the answer), change it, or refuse it. */
export function encodeFit(schema: z.core.$ZodType, value: unknown): Fit {
  return fitsOf(schema)(value);
}

type RouteSchema = { schema: unknown; method: string; url: string };

/**
 * Fastify's serializer compiler for zod response schemas: the value as it is where zod would change
 * nothing, zod's own path (`exact`, fastify-type-provider-zod's) otherwise. With `check` (the
 * tests) such an answer is also written by zod's path and both must read as the same JSON (key
 * order aside), so every API test of the suite compares them.
 */
export function answerSerializer<R extends RouteSchema>(exact: (route: R) => (data: unknown) => string, opts: { check?: boolean } = {}) {
  return (route: R) => {
    const slow = exact(route);
    const schema: unknown = route.schema;
    if (!(schema instanceof z.core.$ZodType)) return slow;
    const fits = fitsOf(schema);
    return (data: unknown) => {
      if (fits(data) !== SAME) return slow(data);
      const text = JSON.stringify(data);
      if (opts.check) {
        const expected = slow(data);
        if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
          throw new Error(`the answer of ${route.method} ${route.url} written as it is differs from zod's:\n${text}\n${expected}`);
        }
      }
      return text;
    };
  };
}
