/**
 * The team's mix: what one signed-in client does at each step (the screens people keep open:
 * documents, a topic, search, the editor's open and preview, the explorer, the dashboard, the
 * library list, notices, getInfo) and, every 10th step, a save of a topic, each request timed
 * by kind. Saves are `shared` (one of 8 topics every client edits, its own paragraph in each,
 * so saves contend and merge three-way) or `own` (a topic only this client saves).
 */
import type { httpClient } from '../lib/http';
import { clientLine, clientLinePattern, ownPath, SHARED_TOPICS, sharedPath, WORDS } from './corpus';

export const READ_KINDS = ['documents', 'topic', 'search', 'open', 'preview', 'explorer', 'dashboard', 'libraries', 'notices', 'getInfo'] as const;
export type ReadKind = (typeof READ_KINDS)[number];
/** `reopen`: a save's topic opened again for a fresh base (the first save of a topic, or after a refusal). */
export type Kind = ReadKind | 'save' | 'reopen';
export type SaveMode = 'shared' | 'own';
export type Outcome = 'ok' | 'error' | 'landed' | 'refused' | 'unchanged';

export interface Sample {
  kind: Kind;
  ms: number;
  outcome: Outcome;
}

type Http = ReturnType<typeof httpClient>;
interface Opened {
  content: string;
  baseCommit: string;
  baseBlob: string;
}
interface Answer {
  code?: number;
  msg?: string;
  data?: Record<string, unknown> & { theirs?: string };
}

/** One person's browser: a session (signed in as one of the writers), its open topics and a step counter. */
export class TeamClient {
  private step: number;
  private reads: number;
  private saves = 0;
  private readonly opened = new Map<string, Opened>();
  private lastOpened: { path: string; content: string } | undefined;
  readonly errors: string[] = [];

  constructor(
    private readonly http: Http,
    private readonly token: string,
    readonly index: number,
    private readonly libraryId: number,
    private readonly topics: readonly string[],
  ) {
    // Clients start at different places of the mix, so the kinds are spread over time.
    this.step = index * 3;
    this.reads = index * 3;
  }

  private headers(body: boolean) {
    const h: Record<string, string> = { authorization: `Bearer ${this.token}`, 'x-ccms-dates': 'iso' };
    if (body) h['content-type'] = 'application/json';
    return h;
  }

  private async call(method: string, url: string, body?: object): Promise<Answer> {
    const res = await this.http.request(method, `/prod-api${url}`, this.headers(body !== undefined), body ? JSON.stringify(body) : undefined);
    return res.json as Answer;
  }

  private note(kind: Kind, answer: Answer | undefined, err?: unknown) {
    // A few of each kind are kept, to say what went wrong.
    if (this.errors.length < 20) this.errors.push(`${kind}: ${err instanceof Error ? err.message : `${answer?.code} ${answer?.msg}`}`);
  }

  private topicAt(n: number): string {
    return this.topics[(n * 7 + this.index * 13) % this.topics.length] ?? '';
  }

  private async read(kind: ReadKind, n: number): Promise<Outcome> {
    const lib = this.libraryId;
    const path = this.topicAt(n);
    let answer: Answer;
    switch (kind) {
      case 'documents':
        answer = await this.call('GET', `/ccms/document/list?libraryId=${lib}&pageNum=1&pageSize=10`);
        break;
      case 'topic':
        answer = await this.call('GET', `/ccms/topic/byPath?libraryId=${lib}&path=${encodeURIComponent(path)}`);
        break;
      case 'search':
        answer = await this.call('GET', `/ccms/search?libraryId=${lib}&q=${WORDS[n % WORDS.length]}&pageNum=1&pageSize=10`);
        break;
      case 'open': {
        answer = await this.call('GET', `/ccms/topic-editor/open?libraryId=${lib}&path=${encodeURIComponent(path)}`);
        const content = answer.data?.content;
        if (typeof content === 'string') this.lastOpened = { path, content };
        break;
      }
      case 'preview': {
        // What the editor shows is what it opened last (opened first, untimed, when nothing is yet).
        if (!this.lastOpened) await this.read('open', n);
        const shown = this.lastOpened ?? { path, content: '' };
        answer = await this.call('POST', '/ccms/topic-editor/preview', { libraryId: lib, path: shown.path, content: shown.content });
        break;
      }
      case 'explorer':
        answer = await this.call('GET', `/ccms/explorer/list?libraryId=${lib}&path=${encodeURIComponent(path.slice(0, path.lastIndexOf('/')))}`);
        break;
      case 'dashboard':
        answer = await this.call('GET', '/ccms/dashboard');
        break;
      case 'libraries':
        answer = await this.call('GET', '/ccms/library/list?pageNum=1&pageSize=10');
        break;
      case 'notices':
        answer = await this.call('GET', '/system/notification/list?pageNum=1&pageSize=10');
        break;
      case 'getInfo':
        answer = await this.call('GET', '/getInfo');
        break;
    }
    if (answer.code === 200) return 'ok';
    this.note(kind, answer);
    return 'error';
  }

  private async reopen(path: string): Promise<Outcome> {
    const answer = await this.call('GET', `/ccms/topic-editor/open?libraryId=${this.libraryId}&path=${encodeURIComponent(path)}`);
    const d = answer.data;
    if (answer.code !== 200 || typeof d?.content !== 'string' || typeof d.baseCommit !== 'string' || typeof d.baseBlob !== 'string') {
      this.note('reopen', answer);
      return 'error';
    }
    this.opened.set(path, { content: d.content, baseCommit: d.baseCommit, baseBlob: d.baseBlob });
    return 'ok';
  }

  /** The topic this save edits: the next shared topic in turn, or the client's own. */
  savePath(mode: SaveMode): string {
    return mode === 'own' ? ownPath(this.index) : sharedPath((this.index + this.saves) % SHARED_TOPICS);
  }

  /** Saves the client's paragraph of `path` edited, on the base it last opened or saved (stale when others saved since: merged). */
  private async save(path: string): Promise<Outcome> {
    const doc = this.opened.get(path);
    if (!doc) throw new Error(`${path} was not opened`);
    const n = ++this.saves;
    const content = doc.content.replace(clientLinePattern(this.index), clientLine(this.index, `Client ${this.index} edit ${n} at ${Date.now()}.`));
    const answer = await this.call('PUT', '/ccms/topic-editor/save', {
      libraryId: this.libraryId,
      path,
      content,
      baseCommit: doc.baseCommit,
      baseBlob: doc.baseBlob,
    });
    const d = answer.data;
    if (answer.code === 200 && typeof d?.content === 'string' && typeof d.commit === 'string' && typeof d.blob === 'string') {
      // The editor goes on from what was saved (merged with others' edits when they were).
      this.opened.set(path, { content: d.content, baseCommit: d.commit, baseBlob: d.blob });
      return d.unchanged ? 'unchanged' : 'landed';
    }
    // 409: the edit overlaps one made since (editor.conflict, with the three versions) or the remote kept moving (editor.busy).
    if (answer.code === 409) {
      this.opened.delete(path);
      if (this.errors.length < 20) this.errors.push(`save refused: ${answer.msg}`);
      return 'refused';
    }
    this.note('save', answer);
    return 'error';
  }

  private async timed(kind: Kind, work: () => Promise<Outcome>, out: Sample[]) {
    const t0 = performance.now();
    let outcome: Outcome;
    try {
      outcome = await work();
    } catch (err) {
      this.note(kind, undefined, err);
      outcome = 'error';
    }
    out.push({ kind, ms: performance.now() - t0, outcome });
  }

  /** One step of the mix: a read of the next kind in turn, or every 10th step a save (its topic opened first when it has no base). */
  async next(mode: SaveMode, out: Sample[]) {
    const s = this.step++;
    if (s % 10 === 9) {
      const path = this.savePath(mode);
      if (!this.opened.has(path)) await this.timed('reopen', () => this.reopen(path), out);
      if (this.opened.has(path)) await this.timed('save', () => this.save(path), out);
      return;
    }
    const kind = READ_KINDS[this.reads++ % READ_KINDS.length] ?? 'getInfo';
    await this.timed(kind, () => this.read(kind, s), out);
  }

  /** One kind alone (the one-client baseline). */
  async only(kind: ReadKind | 'save', n: number, out: Sample[]) {
    if (kind !== 'save') return this.timed(kind, () => this.read(kind, n), out);
    const path = this.savePath('own');
    if (!this.opened.has(path)) await this.timed('reopen', () => this.reopen(path), out);
    await this.timed('save', () => this.save(path), out);
  }
}

/** `clients` clients doing the mix until `seconds` have passed: every sample and the wall time. */
export async function runMix(clients: readonly TeamClient[], mode: SaveMode, seconds: number): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) await client.next(mode, samples);
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/**
 * The closed loop's floor: every client asks getInfo alone, one request after another, until
 * `seconds` have passed. What 50 clients with no pause do to the cheapest request on these cores,
 * with nothing else to wait for: the mix's ratios are read against it.
 */
export async function runFloor(clients: readonly TeamClient[], seconds: number): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client, c) => {
      for (let n = c; performance.now() < deadline; n++) await client.only('getInfo', n, samples);
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** One client, each kind alone: `rounds` requests of it in a row after `warm` untimed ones. */
export async function runBaseline(client: TeamClient, rounds: number, warm: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const kind of [...READ_KINDS, 'save'] as const) {
    const discard: Sample[] = [];
    for (let i = 0; i < warm; i++) await client.only(kind, i, discard);
    for (let i = 0; i < rounds; i++) await client.only(kind, warm + i, samples);
  }
  return samples;
}
