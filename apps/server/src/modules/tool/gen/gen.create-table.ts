import type { MessageKey } from '@ccms/contracts/messages';
import { databaseError } from '../../../platform/db/errors';
import { type AppError, badRequest } from '../../../platform/http/errors';

/**
 * RuoYi's "create table" takes CREATE TABLE statements as text. This server never runs that
 * text: it reads it with a small grammar (tables, columns of known types, NOT NULL, DEFAULT of a
 * literal, identity, primary key and unique; COMMENT ON those tables and columns) and writes the
 * DDL again from what it read, every name checked and quoted and every string re-escaped. Any
 * other statement or clause is refused, naming the statement and where.
 * Over 400 lines: one parser: the tokenizer, the reader, the grammar of the accepted subset and the
 * writer of the DDL must agree on what is accepted and how it is quoted again, and change together.
 */

export interface ParsedColumn {
  name: string;
  type: string;
  constraints: string[];
  comment?: string;
}

export interface ParsedTable {
  name: string;
  ifNotExists: boolean;
  columns: ParsedColumn[];
  /** Table-level PRIMARY KEY (...) and UNIQUE (...), as SQL written again. */
  constraints: string[];
  comment?: string;
}

/** A name the generator may create: lower case, not one of the platform's own prefixes. */
export const CREATABLE_TABLE = /^[a-z][a-z0-9_]{0,62}$/;
const RESERVED_PREFIXES = ['sys_', 'gen_', 'qrtz_', 'pg_', 'sql_'];
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
const MAX_STATEMENTS = 50;

type Token = { kind: 'word' | 'quoted' | 'number' | 'string' | 'punct'; text: string };

function tokenize(text: string, n: number): Token[] {
  const out: Token[] = [];
  let i = 0;
  const fail = (near: string) => badRequest('gen.sqlSyntax', { field: 'sql', n, near });
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (text.startsWith('--', i)) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw fail('/*');
      i = end + 2;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))?.[0] ?? c;
      out.push({ kind: 'word', text: m.toLowerCase() });
      i += m.length;
    } else if (c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw fail(text.slice(i, i + 20));
      out.push({ kind: 'quoted', text: text.slice(i + 1, end) });
      i = end + 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^\d+(\.\d+)?/.exec(text.slice(i))?.[0] ?? c;
      out.push({ kind: 'number', text: m });
      i += m.length;
    } else if (c === "'") {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= text.length) throw fail(text.slice(i, i + 20));
        if (text[j] === "'" && text[j + 1] === "'") {
          s += "'";
          j += 2;
        } else if (text[j] === "'") break;
        else s += text[j++];
      }
      out.push({ kind: 'string', text: s });
      i = j + 1;
    } else if ('(),.-='.includes(c)) {
      out.push({ kind: 'punct', text: c });
      i++;
    } else {
      throw fail(text.slice(i, i + 20));
    }
  }
  return out;
}

/** Splits the text into statements at semicolons outside strings, quoted names and comments. */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      cur += c;
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
      cur += c;
    } else if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      cur += '\n';
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) {
        cur += text.slice(i);
        break;
      }
      i = end + 1;
      cur += ' ';
    } else if (c === ';') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

class Reader {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly n: number,
  ) {}
  peek(offset = 0) {
    return this.tokens[this.i + offset];
  }
  done() {
    return this.i >= this.tokens.length;
  }
  fail(): never {
    const near = this.tokens
      .slice(this.i, this.i + 3)
      .map((t) => t.text)
      .join(' ');
    if (!near) throw badRequest('gen.sqlSyntaxEnd', { field: 'sql', n: this.n });
    throw badRequest('gen.sqlSyntax', { field: 'sql', n: this.n, near });
  }
  next(): Token {
    const t = this.tokens[this.i];
    if (!t) this.fail();
    this.i++;
    return t;
  }
  isWord(...words: string[]) {
    const t = this.peek();
    return t?.kind === 'word' && words.includes(t.text);
  }
  accept(...words: string[]) {
    if (!this.isWord(...words)) return false;
    this.i++;
    return true;
  }
  expect(...words: string[]) {
    for (const w of words) if (!this.accept(w)) this.fail();
  }
  punct(p: string) {
    const t = this.peek();
    if (t?.kind === 'punct' && t.text === p) {
      this.i++;
      return true;
    }
    return false;
  }
  expectPunct(p: string) {
    if (!this.punct(p)) this.fail();
  }
  ident(): string {
    const t = this.next();
    const name = t.kind === 'word' ? t.text : t.kind === 'quoted' ? t.text.toLowerCase() : '';
    if (!IDENT.test(name)) {
      this.i--;
      this.fail();
    }
    return name;
  }
  string(): string {
    const t = this.next();
    if (t.kind !== 'string') {
      this.i--;
      this.fail();
    }
    return t.text;
  }
  int(): number {
    const t = this.next();
    if (t.kind !== 'number' || !/^\d{1,4}$/.test(t.text)) {
      this.i--;
      this.fail();
    }
    return Number(t.text);
  }
}

const quoteIdent = (name: string) => `"${name}"`;
export const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Types without arguments, as written again. */
const PLAIN_TYPES: Record<string, string> = {
  int: 'integer',
  integer: 'integer',
  int4: 'integer',
  bigint: 'bigint',
  int8: 'bigint',
  smallint: 'smallint',
  int2: 'smallint',
  serial: 'serial',
  bigserial: 'bigserial',
  smallserial: 'smallserial',
  text: 'text',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  real: 'real',
  float4: 'real',
  float8: 'double precision',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  timestamptz: 'timestamp with time zone',
};

function columnType(r: Reader, n: number): string {
  const t = r.next();
  const word = t.kind === 'word' ? t.text : '';
  const args = (max: number) => {
    if (!r.punct('(')) return [] as number[];
    const out = [r.int()];
    while (out.length < max && r.punct(',')) out.push(r.int());
    r.expectPunct(')');
    return out;
  };
  const withLength = (base: string) => {
    const [len] = args(1);
    if (len === undefined) return base;
    if (len < 1) r.fail();
    return `${base}(${len})`;
  };
  if (word in PLAIN_TYPES) return PLAIN_TYPES[word] as string;
  if (word === 'varchar') return withLength('varchar');
  if (word === 'char') return withLength('char');
  if (word === 'character') return withLength(r.accept('varying') ? 'varchar' : 'char');
  if (word === 'numeric' || word === 'decimal') {
    const a = args(2);
    return a.length ? `numeric(${a.join(',')})` : 'numeric';
  }
  if (word === 'double') {
    r.expect('precision');
    return 'double precision';
  }
  if (word === 'timestamp' || word === 'time') {
    const [p] = args(1);
    if (p !== undefined && p > 6) r.fail();
    let zone = '';
    if (r.accept('with')) {
      r.expect('time', 'zone');
      zone = ' with time zone';
    } else if (r.accept('without')) r.expect('time', 'zone');
    return `${word}${p !== undefined ? `(${p})` : ''}${zone}`;
  }
  throw badRequest('gen.sqlType', { field: 'sql', n, type: t.text });
}

/** DEFAULT's value: a literal, or the current time or date. */
function defaultValue(r: Reader): string {
  if (r.punct('-')) {
    const t = r.next();
    if (t.kind !== 'number') r.fail();
    return `-${t.text}`;
  }
  const t = r.peek();
  if (t?.kind === 'number') return r.next().text;
  if (t?.kind === 'string') return quoteLiteral(r.string());
  if (r.accept('true')) return 'true';
  if (r.accept('false')) return 'false';
  if (r.accept('null')) return 'NULL';
  if (r.accept('current_timestamp')) return 'CURRENT_TIMESTAMP';
  if (r.accept('current_date')) return 'CURRENT_DATE';
  if (r.accept('now')) {
    r.expectPunct('(');
    r.expectPunct(')');
    return 'now()';
  }
  return r.fail();
}

function createTable(r: Reader, n: number): ParsedTable {
  r.expect('create', 'table');
  let ifNotExists = false;
  if (r.accept('if')) {
    r.expect('not', 'exists');
    ifNotExists = true;
  }
  const name = r.ident();
  r.expectPunct('(');
  const table: ParsedTable = { name, ifNotExists, columns: [], constraints: [] };
  const names = new Set<string>();
  const pending: Array<() => string> = [];
  do {
    if (r.accept('constraint')) r.ident();
    // Table constraints name columns that may be declared after them: checked once all are read.
    let keyword: string | null = null;
    if (r.accept('primary')) {
      r.expect('key');
      keyword = 'PRIMARY KEY';
    } else if (r.accept('unique')) keyword = 'UNIQUE';
    if (keyword) {
      r.expectPunct('(');
      const list = [r.ident()];
      while (r.punct(',')) list.push(r.ident());
      r.expectPunct(')');
      pending.push(() => {
        const stray = list.find((c) => !names.has(c));
        if (stray) throw badRequest('gen.sqlSyntax', { field: 'sql', n, near: stray });
        return `${keyword} (${list.map(quoteIdent).join(', ')})`;
      });
      continue;
    }
    const column: ParsedColumn = { name: r.ident(), type: columnType(r, n), constraints: [] };
    if (names.has(column.name)) r.fail();
    names.add(column.name);
    for (;;) {
      if (r.accept('not')) {
        r.expect('null');
        column.constraints.push('NOT NULL');
      } else if (r.accept('null')) column.constraints.push('NULL');
      else if (r.accept('primary')) {
        r.expect('key');
        column.constraints.push('PRIMARY KEY');
      } else if (r.accept('unique')) column.constraints.push('UNIQUE');
      else if (r.accept('default')) column.constraints.push(`DEFAULT ${defaultValue(r)}`);
      else if (r.accept('generated')) {
        const always = r.accept('always');
        if (!always) r.expect('by', 'default');
        r.expect('as', 'identity');
        column.constraints.push(`GENERATED ${always ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`);
      } else if (r.accept('comment')) column.comment = r.string();
      else break;
    }
    table.columns.push(column);
  } while (r.punct(','));
  r.expectPunct(')');
  // MySQL's table option COMMENT='...' (or COMMENT '...') is read as the table's comment.
  if (r.accept('comment')) {
    r.punct('=');
    table.comment = r.string();
  }
  if (!r.done()) r.fail();
  table.constraints = pending.map((f) => f());
  return table;
}

/** COMMENT ON TABLE t IS '...' or COMMENT ON COLUMN t.c IS '...'; the target must be created by the same text. */
function commentOn(r: Reader, n: number, tables: Map<string, ParsedTable>) {
  r.expect('comment', 'on');
  const onTable = r.accept('table');
  if (!onTable) r.expect('column');
  const tableName = r.ident();
  let columnName: string | undefined;
  if (!onTable) {
    r.expectPunct('.');
    columnName = r.ident();
  }
  r.expect('is');
  const text = r.string();
  if (!r.done()) r.fail();
  const table = tables.get(tableName);
  const column = columnName ? table?.columns.find((c) => c.name === columnName) : undefined;
  if (!table || (columnName && !column))
    throw badRequest('gen.sqlCommentTarget', { field: 'sql', n, name: columnName ? `${tableName}.${columnName}` : tableName });
  if (column) column.comment = text;
  else table.comment = text;
}

/** Reads the text into tables; refuses anything but CREATE TABLE and COMMENT ON, naming the statement. */
export function parseCreateTables(text: string): ParsedTable[] {
  const statements = splitStatements(text);
  if (statements.length === 0) throw badRequest('field.required', { field: 'sql' });
  if (statements.length > MAX_STATEMENTS) throw badRequest('field.tooBig', { field: 'sql', max: MAX_STATEMENTS });
  const tables = new Map<string, ParsedTable>();
  statements.forEach((statement, index) => {
    const n = index + 1;
    const r = new Reader(tokenize(statement, n), n);
    if (r.isWord('create') && r.peek(1)?.text === 'table') {
      const table = createTable(r, n);
      if (!CREATABLE_TABLE.test(table.name) || RESERVED_PREFIXES.some((p) => table.name.startsWith(p))) {
        throw badRequest('gen.sqlTableName', { field: 'sql', name: table.name });
      }
      if (tables.has(table.name)) throw badRequest('gen.tableExists', { field: 'sql', name: table.name });
      tables.set(table.name, table);
    } else if (r.isWord('comment') && r.peek(1)?.text === 'on') {
      commentOn(r, n, tables);
    } else {
      throw badRequest('gen.sqlOnlyCreate', { field: 'sql', n });
    }
  });
  if (tables.size === 0) throw badRequest('gen.sqlOnlyCreate', { field: 'sql', n: 1 });
  return [...tables.values()];
}

/** The DDL written again from what was read: quoted names, re-escaped strings, nothing else. */
export function ddlOf(table: ParsedTable): string[] {
  const items = [...table.columns.map((c) => [quoteIdent(c.name), c.type, ...c.constraints].join(' ')), ...table.constraints];
  const out = [`CREATE TABLE ${quoteIdent(table.name)} (${items.join(', ')})`];
  if (table.comment !== undefined) out.push(`COMMENT ON TABLE ${quoteIdent(table.name)} IS ${quoteLiteral(table.comment)}`);
  for (const c of table.columns) {
    if (c.comment !== undefined) out.push(`COMMENT ON COLUMN ${quoteIdent(table.name)}.${quoteIdent(c.name)} IS ${quoteLiteral(c.comment)}`);
  }
  return out;
}

/**
 * What the grammar lets through the database may still refuse: the refusal in the user's words by
 * the database's SQLSTATE, naming the table, with the database's own text only as the detail.
 */
const REFUSALS: Record<string, MessageKey> = {
  '42P16': 'gen.dbKeys',
  '22023': 'gen.dbTypeArgs',
  '22P02': 'gen.dbDefaultType',
  '22007': 'gen.dbDefaultType',
  '22008': 'gen.dbDefaultType',
  '22003': 'gen.dbDefaultType',
  '42804': 'gen.dbDefaultType',
  '42601': 'gen.dbColumnConflict',
  '42704': 'gen.dbKeyType',
  '42701': 'gen.dbSystemColumn',
  '42P07': 'gen.dbNameTaken',
  '54011': 'gen.dbTooManyColumns',
};

/** The refusal of a table's DDL; a failure that is not the statement's (a lost connection, a shutdown) is thrown as it is. */
export function refusedDdl(err: unknown, table: string): AppError {
  const db = databaseError(err);
  // Classes 22 (data), 42 (syntax or definition) and 54 (a limit) are the statement's fault.
  if (!db || !/^(22|42|54)/.test(db.code)) throw err;
  return badRequest(REFUSALS[db.code] ?? 'gen.sqlRejected', { field: 'sql', name: table, detail: db.message });
}
