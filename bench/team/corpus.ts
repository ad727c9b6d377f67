/**
 * The team benchmark's seeded corpus and people: a generated DITA library (chapters of concepts,
 * tasks and references with cross-references, two maps, eight shared topics and one topic per
 * client nobody else saves), ten writers holding the seeded author role, and the library on a
 * local smart-HTTP remote with the author role granted write on it.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { sysConfig, sysRole, sysUser, sysUserRole } from '../../apps/server/src/db/schema';
import { seedIfEmpty } from '../../apps/server/src/db/seed';
import { hashPassword } from '../../apps/server/src/platform/auth/password';

export const PASSWORD = 'bench12345';
export const WRITERS = 10;
export const SHARED_TOPICS = 8;
export const WORDS = ['torque', 'wiring', 'hydraulic', 'valve', 'cabin', 'pressure', 'sensor', 'brake', 'harness', 'actuator', 'battery', 'gauge'];

const DOCTYPES = {
  concept: '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
  task: '<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">',
  reference: '<!DOCTYPE reference PUBLIC "-//OASIS//DTD DITA Reference//EN" "reference.dtd">',
} as const;
type TopicType = keyof typeof DOCTYPES;

export const writerName = (w: number) => `writer${w + 1}`;
export const sharedPath = (i: number) => `topics/shared/shared-${i}.dita`;
export const ownPath = (client: number) => `topics/own/client-${client}.dita`;
/** The paragraph client `c` edits in every shared topic (a kept paragraph between two clients' keeps their edits apart for a three-way merge). */
export const clientLine = (c: number, text: string) => `    <p id="c${c}">${text}</p>`;
export const clientLinePattern = (c: number) => new RegExp(`    <p id="c${c}">[^<]*</p>`);

const word = (i: number) => WORDS[i % WORDS.length] ?? 'part';
const xml = (type: TopicType, body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPES[type]}\n${body}\n`;

function chapterTopic(ch: number, t: number, topicsPerChapter: number): string {
  const id = `ch${ch}-t${t}`;
  const type: TopicType = t % 3 === 0 ? 'concept' : t % 3 === 1 ? 'task' : 'reference';
  const next = `../ch${ch}/t${(t + 1) % topicsPerChapter}.dita`;
  const title = `${word(ch + t)} ${word(t * 7)} ${type} ${ch}.${t}`;
  const shortdesc = `<shortdesc>How the ${word(t)} ${word(ch)} of assembly ${ch}.${t} is kept in service.</shortdesc>`;
  const para = (i: number) => `The ${word(t + i)} on the ${word(ch + i)} line is checked against the ${word(i * 5)} limits before release, step ${i}.`;
  if (type === 'concept')
    return xml(
      type,
      `<concept id="${id}">\n  <title>${title}</title>\n  ${shortdesc}\n  <conbody>\n${[0, 1, 2, 3]
        .map((i) => `    <p>${para(i)}</p>`)
        .join('\n')}\n    <p>See <xref href="${next}"/>.</p>\n  </conbody>\n</concept>`,
    );
  if (type === 'task')
    return xml(
      type,
      `<task id="${id}">\n  <title>${title}</title>\n  ${shortdesc}\n  <taskbody>\n    <steps>\n${[0, 1, 2, 3, 4]
        .map((i) => `      <step><cmd>${para(i)}</cmd></step>`)
        .join('\n')}\n    </steps>\n    <result><p>Continue with <xref href="${next}"/>.</p></result>\n  </taskbody>\n</task>`,
    );
  return xml(
    type,
    `<reference id="${id}">\n  <title>${title}</title>\n  ${shortdesc}\n  <refbody>\n    <section>\n${[0, 1, 2]
      .map((i) => `      <p>${para(i)}</p>`)
      .join('\n')}\n    </section>\n    <properties>\n${[0, 1, 2]
      .map((i) => `      <property><proptype>${word(i)}</proptype><propvalue>${i * 10 + t}</propvalue></property>`)
      .join('\n')}\n    </properties>\n  </refbody>\n</reference>`,
  );
}

/** A shared topic: a paragraph per client, each between kept paragraphs. */
function sharedTopic(i: number, clients: number): string {
  const lines = [];
  for (let c = 0; c < clients; c++)
    lines.push(`    <p id="k${c}">Kept paragraph ${c} of shared topic ${i}, about the ${word(c)}.</p>`, clientLine(c, `Client ${c} has not edited this yet.`));
  return xml(
    'concept',
    `<concept id="shared-${i}">\n  <title>Shared ${word(i)} procedures ${i}</title>\n  <conbody>\n${lines.join('\n')}\n  </conbody>\n</concept>`,
  );
}

const ownTopic = (c: number) =>
  xml(
    'concept',
    `<concept id="own-${c}">\n  <title>Notes of client ${c}</title>\n  <conbody>\n    <p>Written by client ${c} only.</p>\n${clientLine(c, 'Not edited yet.')}\n  </conbody>\n</concept>`,
  );

/** The corpus files: `chapters` × `topicsPerChapter` topics, the shared and own topics, a user guide over all and a quick start over a few. */
export function corpusFiles(opts: { chapters: number; topicsPerChapter: number; clients: number }): { files: Record<string, string>; chapterTopics: string[] } {
  const files: Record<string, string> = {};
  const chapterTopics: string[] = [];
  const chapters: string[] = [];
  for (let ch = 1; ch <= opts.chapters; ch++) {
    const refs: string[] = [];
    for (let t = 0; t < opts.topicsPerChapter; t++) {
      const p = `topics/ch${ch}/t${t}.dita`;
      files[p] = chapterTopic(ch, t, opts.topicsPerChapter);
      chapterTopics.push(p);
      refs.push(`      <topicref href="../${p}"/>`);
    }
    chapters.push(`    <topichead navtitle="Chapter ${ch}">\n${refs.join('\n')}\n    </topichead>`);
  }
  for (let i = 0; i < SHARED_TOPICS; i++) files[sharedPath(i)] = sharedTopic(i, opts.clients);
  for (let c = 0; c < opts.clients; c++) files[ownPath(c)] = ownTopic(c);
  const shared = Array.from({ length: SHARED_TOPICS }, (_, i) => `    <topicref href="../${sharedPath(i)}"/>`).join('\n');
  files['maps/user-guide.ditamap'] =
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map>\n  <title>User guide</title>\n${chapters.join('\n')}\n  <topichead navtitle="Shared">\n${shared}\n  </topichead>\n</map>\n`;
  files['maps/quick-start.ditamap'] =
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map>\n  <title>Quick start</title>\n${chapterTopics
      .filter((_, i) => i % 10 === 0)
      .map((p) => `  <topicref href="../${p}"/>`)
      .join('\n')}\n</map>\n`;
  return { files, chapterTopics };
}

/** Seeds an empty database before the server starts: the administrator, loopback remotes allowed, and the writers as authors. */
export async function seedPeople(opts: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const database = await openDatabase(opts);
  try {
    await database.migrate();
    await seedIfEmpty(database.db, { adminPassword: PASSWORD, captchaEnabled: false });
    const db = database.db;
    // The bench remote listens on loopback, which library URLs may only use when allowed.
    await db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
    const [author] = await db.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'author'));
    if (!author) throw new Error('the seeded author role is missing');
    const password = await hashPassword(PASSWORD);
    const users = await db
      .insert(sysUser)
      .values(Array.from({ length: WRITERS }, (_, w) => ({ userName: writerName(w), nickName: `Writer ${w + 1}`, password })))
      .returning({ userId: sysUser.userId });
    await db.insert(sysUserRole).values(users.map((u) => ({ userId: u.userId, roleId: author.roleId })));
  } finally {
    await database.close();
  }
}

export async function call<T>(base: string, token: string, method: string, url: string, body?: object): Promise<T> {
  const res = await fetch(`${base}/prod-api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-ccms-dates': 'iso' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T & { code?: number; msg?: string };
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json;
}

export async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/prod-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { token?: string; msg?: string };
  if (!body.token) throw new Error(`sign-in of ${username} failed: ${body.msg}`);
  return body.token;
}

/** Creates the library on the remote as the administrator, grants the author role write, and waits for its clone and first index. */
export async function createLibrary(base: string, remoteUrl: string, options: { name?: string; libraryType?: string } = {}): Promise<number> {
  const admin = await signIn(base, 'admin');
  const created = await call<{ data: { libraryId: number } }>(base, admin, 'POST', '/ccms/library', {
    name: options.name ?? 'team',
    libraryType: options.libraryType ?? 'DITA',
    url: remoteUrl,
    defaultBranch: 'main',
  });
  const libraryId = created.data.libraryId;
  const roles = await call<{ data: { roleId: number; roleKey: string }[] }>(base, admin, 'GET', `/ccms/library/${libraryId}/grantee/roles`);
  const author = roles.data.find((r) => r.roleKey === 'author');
  if (!author) throw new Error('the author role cannot be granted');
  await call(base, admin, 'POST', '/ccms/library/permission', { libraryId, granteeType: 'role', granteeId: author.roleId, level: 'write' });
  for (let i = 0; i < 1200; i++) {
    const progress = await call<{ data: { phase: string } }>(base, admin, 'GET', `/ccms/library/${libraryId}/progress`);
    if (progress.data.phase === 'ready') return libraryId;
    if (progress.data.phase === 'failed') throw new Error(`the library's clone or index failed: ${JSON.stringify(progress.data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the library was not ready after 2 minutes');
}
