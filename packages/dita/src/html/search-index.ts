/** A page's entry in the search index. */
export interface SearchEntry {
  t: string;
  u: string;
  s: string;
  k: string[];
}

/** What the search index is built from: one entry per page. */
export interface Searchable {
  search: SearchEntry;
  /** search serialised once (the index is rewritten on every rebuild). */
  searchJson?: string;
}

const TOKEN_RE = /[\u3400-\u9fff\uf900-\ufaff]|[\p{L}\p{N}_]{2,}/gu;

const NON_ASCII_RE = /[\u0080-\uffff]/;

/** Lower-cased words (two letters or more) and single CJK characters, each once, in order of appearance. */
export function searchTokens(text: string): string[] {
  const lower = text.toLowerCase();
  if (NON_ASCII_RE.test(lower)) {
    const set = new Set<string>();
    for (const m of lower.matchAll(TOKEN_RE)) set.add(m[0]);
    return [...set];
  }
  // ASCII only: a word is a run of [a-z0-9_] (what the regex means there), scanned without a regex.
  const set = new Set<string>();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || (c >= 65 && c <= 90);
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 2) set.add(lower.slice(start, i));
      start = -1;
    }
  }
  return [...set];
}

/** The search index as written: "[e0,e1,...]" in UTF-8, with where each entry ends. */
interface SearchIndexBytes {
  bytes: Buffer;
  order: Searchable[];
  ends: number[];
}

const searchIndexes = new WeakMap<object, SearchIndexBytes>();

function entryJson(rec: Searchable): string {
  rec.searchJson ??= JSON.stringify(rec.search);
  return rec.searchJson;
}

function searchIndexBytes(order: Searchable[], before: SearchIndexBytes | undefined): SearchIndexBytes {
  if (before !== undefined && before.order.length === order.length) {
    const changed: number[] = [];
    for (let i = 0; i < order.length; i++) if (order[i] !== before.order[i]) changed.push(i);
    if (changed.length === 0) return { bytes: before.bytes, order, ends: before.ends };
    const newJson = new Map<number, Buffer>();
    for (const i of changed) {
      const rec = order[i];
      if (rec === undefined) continue;
      newJson.set(i, Buffer.from(entryJson(rec)));
    }
    // Entries whose text is unchanged keep their bytes; only the changed ones are encoded again.
    const chunks: Buffer[] = [];
    const ends: number[] = new Array(order.length);
    let pos = 0;
    let delta = 0;
    for (let i = 0; i < order.length; i++) {
      const end = before.ends[i] ?? 0;
      const bytes = newJson.get(i);
      if (bytes !== undefined) {
        const start = i === 0 ? 1 : (before.ends[i - 1] ?? 0) + 1;
        chunks.push(before.bytes.subarray(pos, start), bytes);
        pos = end;
        delta += bytes.length - (end - start);
      }
      ends[i] = end + delta;
    }
    chunks.push(before.bytes.subarray(pos));
    return { bytes: Buffer.concat(chunks), order, ends };
  }
  const parts: string[] = order.map(entryJson);
  const bytes = Buffer.from(`[${parts.join(',')}]`);
  const ends: number[] = new Array(order.length);
  let at = 1;
  for (let i = 0; i < parts.length; i++) {
    at += Buffer.byteLength(parts[i] ?? '');
    ends[i] = at;
    at += 1;
  }
  return { bytes, order, ends };
}

const SEARCH_JS_HEAD = Buffer.from('window.CCMS_SEARCH=');
const SEARCH_JS_TAIL = Buffer.from(';\n');

/**
 * The search index of a record table (entries in `order`), patched from the one built for `previous` when there is
 * one; `unchanged` when its bytes are those already written.
 */
export function searchIndexOf(records: object, order: Searchable[], previous?: object): { bytes: Buffer; unchanged: boolean } {
  const before = previous !== undefined ? searchIndexes.get(previous) : undefined;
  const index = searchIndexBytes(order, before);
  searchIndexes.set(records, index);
  return { bytes: index.bytes, unchanged: before !== undefined && index.bytes === before.bytes };
}

/** The search index as a script (pages opened from file:// cannot fetch the JSON). */
export function searchIndexScript(bytes: Buffer): Buffer {
  return Buffer.concat([SEARCH_JS_HEAD, bytes, SEARCH_JS_TAIL]);
}
