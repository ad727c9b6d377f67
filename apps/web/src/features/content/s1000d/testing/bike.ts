import type { ProblemRow } from '@ccms/contracts/content/catalog';
import type { DocumentDetail, DocumentRow } from '@ccms/contracts/content/document';
import type { Applicability, FilteredModule, ModuleInstance, ProductFilter } from '@ccms/contracts/content/s1000d';
import type { TopicDetail, TopicRow } from '@ccms/contracts/content/topic';
import type { InternalAxiosRequestConfig } from 'axios';
import type { FakeReply } from '../../../../test/fakes';

/**
 * Fake answers for the web's S1000D screens, after the S1000D "Bike" sample (corpora
 * s1000d-bike-4.1, README facts 1-3 and 8): its PM "Mountain bicycle manual" with 72 data modules,
 * the ACT, CCT and PCT, and which modules a Brook trekker Mk9 or a Mountain storm Mk1 leaves out.
 */
export const COMMIT = '4f1c2a9be0d3c1f1aa5e9d7b3c2e1f0a9b8c7d6e';
const at = { libraryId: 3, branch: 'main', commit: COMMIT, indexedAt: '2026-07-01 10:00:00' };

export const libraryOption = (libraryType: string) => ({
  libraryId: 3,
  name: libraryType === 'S1000D' ? 'bike' : 'guide',
  displayText: '',
  defaultBranch: 'main',
  libraryType,
});

export const library = (libraryType: string) => ({
  libraryId: 3,
  name: libraryType === 'S1000D' ? 'bike' : 'guide',
  displayText: '',
  deptId: null,
  deptName: '',
  status: '0',
  libraryType,
  url: 'http://127.0.0.1/bike.git',
  scmType: 'git',
  defaultBranch: 'main',
  credential: { type: 'userpass', name: '', username: '', password: '' },
  lastFetchTime: null,
  lastFetchError: '',
  createBy: 'admin',
  createTime: '2026-07-01 10:00:00',
  updateBy: '',
  updateTime: null,
  remark: '',
  myLevel: 'owner',
  abilities: { read: true, publish: true, write: true, configure: true, remove: true, grantOwner: true },
});

const S1000D_FACTS = {
  standard: 's1000d',
  kind: 'dm',
  role: 'unit',
  issue: '008-00',
  issueType: 'changed',
  qualityAssurance: 'firstVerification',
  applic: 'Brook trekker Mk9 or Mountain storm Mk1',
  s1000dIssue: '4.1',
  schema: 'proced',
  infoCode: '258',
};

export const topicRow = (over: Partial<TopicRow> = {}): TopicRow => ({
  topicId: 41,
  libraryId: 3,
  branch: 'main',
  path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML',
  no: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A',
  title: 'Bicycle – Clean the bicycle',
  code: '258',
  revision: '008-00',
  manualType: '',
  folder: '',
  docType: 'proced',
  language: 'en-US',
  shortdesc: '',
  facts: S1000D_FACTS,
  refs: 2,
  status: 'draft',
  owner: 'admin',
  percentage: 0,
  category: '',
  department: '',
  tags: [],
  createTime: '2026-07-01 10:00:00',
  updateTime: '2026-07-01 10:00:00',
  ...over,
});

export const ditaTopicRow = (): TopicRow =>
  topicRow({ topicId: 7, path: 'topics/install.dita', no: 'install', title: 'Installing', code: 'T-001', revision: 'A', docType: 'task', facts: {} });

export const topicDetail = (over: Partial<TopicDetail> = {}): TopicDetail => ({
  ...topicRow(),
  ...at,
  documents: [],
  problems: 1,
  nextStatuses: ['underReview'],
  myLevel: 'owner',
  canWrite: true,
  ...over,
});

export const documentRow = (over: Partial<DocumentRow> = {}): DocumentRow => ({
  documentId: 9,
  libraryId: 3,
  branch: 'main',
  path: 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML',
  docNbr: 'PMC-S1000DBIKE-C3002-EPWG1-00',
  name: 'Mountain bicycle manual',
  revision: '000-01',
  lang: 'en-US',
  isBookmap: false,
  isSubmap: false,
  topicCount: 72,
  brokenCount: 0,
  facts: { standard: 's1000d', kind: 'pm', role: 'document', issue: '000-01', s1000dIssue: '4.1', schema: 'pm' },
  status: 'draft',
  owner: 'admin',
  percentage: 0,
  approval: '',
  category: '',
  department: '',
  manualStatus: '',
  tags: [],
  createTime: '2026-07-01 10:00:00',
  updateTime: '2026-07-01 10:00:00',
  ...over,
});

export const documentDetail = (over: Partial<DocumentDetail> = {}): DocumentDetail => ({
  ...documentRow(),
  ...at,
  problems: 0,
  nextStatuses: ['underReview'],
  myLevel: 'owner',
  canWrite: true,
  ...over,
});

export const applicability = (over: Partial<Applicability> = {}): Applicability => ({
  ...at,
  act: { path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00WA-D_006-00_EN-US.XML', code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00WA-D', issue: '006-00', topicId: 11 },
  cct: { path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00QA-D_005-00_EN-US.XML', code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00QA-D', issue: '005-00', topicId: 12 },
  pct: { path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00PA-D_005-00_EN-US.XML', code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00PA-D', issue: '005-00', topicId: 13 },
  attributes: [
    { id: 'serialno', type: 'prodattr', name: 'Serial number', values: [], primary: true, condType: '' },
    { id: 'type', type: 'prodattr', name: 'Type', values: ['Mountain bicycle|Road bicycle'], primary: false, condType: '' },
    { id: 'model', type: 'prodattr', name: 'Model', values: ['Brook trekker|Mountain storm'], primary: false, condType: '' },
    { id: 'version', type: 'prodattr', name: 'Version', values: ['Mk1|Mk9'], primary: false, condType: '' },
    { id: 'versrank', type: 'prodattr', name: 'Version rank', values: ['1~3'], primary: false, condType: '' },
    { id: 'SB-S001', type: 'condition', name: 'Service bulletin S001', values: ['PRE', 'POST-001~POST-999'], primary: false, condType: 'SB' },
    { id: 'tourFinished', type: 'condition', name: 'Tour finished', values: ['true|false'], primary: false, condType: 'Boolean' },
  ],
  products: [
    { key: '1B070643', assignment: { serialno: '1B070643', type: 'Mountain bicycle', model: 'Brook trekker', version: 'Mk9', 'SB-S001': 'PRE' } },
    { key: '1B070644', assignment: { serialno: '1B070644', type: 'Mountain bicycle', model: 'Brook trekker', version: 'Mk9', 'SB-S001': 'POST-001' } },
    { key: '1B070701', assignment: { serialno: '1B070701', type: 'Mountain bicycle', model: 'Mountain storm', version: 'Mk1', 'SB-S001': 'PRE' } },
  ],
  ...over,
});

/** Codes the Brook trekker Mk9 and the Mountain storm Mk1 leave out (README fact 3). */
const BRAKE = ['DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A', 'DMC-BRAKE-AAA-DA1-00-00-00AA-341A-A', 'DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A'];
const BROOK_TREKKER_ONLY = 'DMC-S1000DBIKE-AAA-D00-00-01-00AB-720A-A';
const MOUNTAIN_STORM_ONLY = ['DMC-S1000DBIKE-AAA-D00-00-01-00AA-720A-A', 'DMC-S1000DBIKE-AAA-DA2-40-00-00AA-720A-A'];
const NOT_FOR_BROOK_TREKKER = [...BRAKE, ...MOUNTAIN_STORM_ONLY];
const NOT_FOR_MOUNTAIN_STORM = [...BRAKE, BROOK_TREKKER_ONLY];

/** The 72 data modules of the PM, in its order; the topic id is the index + 100. */
export const PM_MODULES: string[] = (() => {
  const own = Array.from({ length: 66 }, (_, i) => `DMC-S1000DBIKE-AAA-D${String(i).padStart(2, '0')}-00-00-00AA-041A-A`);
  return [...own.slice(0, 10), ...BRAKE, ...own.slice(10, 40), ...MOUNTAIN_STORM_ONLY, ...own.slice(40), BROOK_TREKKER_ONLY];
})();

function filterFor(assignment: Record<string, string>): ProductFilter {
  const out = assignment.model === 'Mountain storm' ? NOT_FOR_MOUNTAIN_STORM : assignment.model === 'Brook trekker' ? NOT_FOR_BROOK_TREKKER : [];
  const modules: FilteredModule[] = PM_MODULES.map((code, i) => ({
    topicId: 100 + i,
    path: `${code}_007-00_EN-US.XML`,
    code,
    title: `Module ${i + 1}`,
    applic: out.includes(code) ? 'Brake BR01' : 'All',
    applies: !out.includes(code),
  }));
  const applicable = modules.filter((m) => m.applies).length;
  return { ...at, documentId: 9, assignment, modules, applicable, notApplicable: modules.length - applicable };
}

/** 45 problems: 2 of the whole library, 1 BREX error of a data module, the rest broken references. */
export const PROBLEMS: ProblemRow[] = [
  {
    problemId: 1,
    path: '',
    line: 0,
    col: 0,
    severity: 'warning',
    code: 'schema-missing',
    xpath: '',
    message: 'No schema package is installed for S1000D issue 4.1',
    topicId: null,
    documentId: null,
  },
  {
    problemId: 2,
    path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML',
    line: 13,
    col: 5,
    severity: 'error',
    code: 'brex-rule',
    xpath: '/dmodule[1]/identAndStatusSection[1]/dmAddress[1]/dmIdent[1]/dmCode[1]/@infoCode',
    message: 'Bike information codes: @infoCode 952 is not allowed',
    topicId: 52,
    documentId: null,
  },
  ...Array.from(
    { length: 42 },
    (_, i): ProblemRow => ({
      problemId: 10 + i,
      path: i === 0 ? 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML' : `DMC-S1000DBIKE-AAA-D00-00-00-00AA-${String(i).padStart(3, '0')}A-A_001-00_EN-US.XML`,
      line: 20 + i,
      col: 3,
      severity: 'error',
      code: 'ref-broken',
      xpath: '',
      message: `dmRef DMC-S1000DBIKE-AAA-D00-00-00-00AA-941A-D resolves to nothing (${i})`,
      topicId: i === 0 ? null : 200 + i,
      documentId: i === 0 ? 9 : null,
    }),
  ),
  {
    problemId: 99,
    path: '',
    line: 0,
    col: 0,
    severity: 'info',
    code: 'brex-default',
    xpath: '',
    message: 'Checked against the default BREX',
    topicId: null,
    documentId: null,
  },
];

export const instanceFor = (assignment: Record<string, string>): ModuleInstance => ({
  ...at,
  topicId: 41,
  assignment,
  applies: true,
  removed: assignment.model === 'Mountain storm' ? { proceduralStep: 7, supplyDescr: 1 } : { proceduralStep: 5 },
  danglingRefs: assignment.model === 'Mountain storm' ? ['stp-0012'] : [],
  xml: '<dmodule><content><procedure><mainProcedure><proceduralStep id="stp-0001"><para>Clean the frame.</para></proceduralStep></mainProcedure></procedure></content></dmodule>',
});

const ok = (data: unknown): FakeReply => ({ data: { code: 200, msg: 'ok', data } });
const rows = (list: unknown[], total = list.length): FakeReply => ({ data: { code: 200, msg: 'ok', rows: list, total, ...at } });

/** The query of a GET as the client sent it (the interceptor put it in the url). */
export function queryOf(config: InternalAxiosRequestConfig): URLSearchParams {
  const url = config.url ?? '';
  return new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
}

/** A product's assignment, by key or by `ident=value;...`; null for a product the PCT does not have. */
function assignmentOf(q: URLSearchParams, data: Applicability): Record<string, string> | null {
  const product = q.get('product');
  if (product) return data.products.find((p) => p.key === product)?.assignment ?? null;
  return Object.fromEntries((q.get('assign') ?? '').split(';').map((pair) => pair.split('=') as [string, string]));
}

export interface BikeServerOptions {
  libraryType?: string;
  topics?: TopicRow[];
  documents?: DocumentRow[];
  applicability?: Applicability;
  topic?: TopicDetail;
  document?: DocumentDetail;
}

/**
 * The server's answers for the S1000D screens: library, catalogue state, topic and document lists,
 * problems (paged and filtered as the server does), applicability, product filter and instances.
 */
export function bikeServer(opts: BikeServerOptions = {}) {
  const libraryType = opts.libraryType ?? 'S1000D';
  const applic = opts.applicability ?? applicability();
  return (config: InternalAxiosRequestConfig): FakeReply => {
    const url = config.url ?? '';
    const q = queryOf(config);
    if (url.startsWith('/ccms/library/optionselect')) return ok([libraryOption(libraryType)]);
    if (url.startsWith('/ccms/library/3/branches'))
      return ok({ branches: [{ name: 'main', commit: COMMIT, date: '' }], defaultBranch: 'main', lastFetchTime: null, lastFetchError: '', stale: false });
    if (url.startsWith('/ccms/library/3')) return ok(library(libraryType));
    if (url.startsWith('/ccms/catalog/state')) {
      return ok({
        ...at,
        headCommit: COMMIT,
        upToDate: true,
        documents: 4,
        topics: 96,
        images: 49,
        videos: 0,
        keys: 0,
        links: 0,
        brokenLinks: 6,
        lastMode: 'full',
        lastDurationMs: 1,
        lastFilesRead: 152,
        myLevel: 'owner',
      });
    }
    if (url.startsWith('/ccms/topic/list')) return rows(opts.topics ?? [topicRow()]);
    if (url.startsWith('/ccms/document/list')) return rows(opts.documents ?? [documentRow()]);
    if (url.startsWith('/ccms/catalog/problems')) {
      const severity = q.get('severity');
      const code = q.get('code');
      const path = q.get('path');
      const pageNum = Number(q.get('pageNum') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 20);
      const found = PROBLEMS.filter((p) => (!severity || p.severity === severity) && (!code || p.code === code) && (path === null || p.path === path));
      return rows(found.slice((pageNum - 1) * pageSize, pageNum * pageSize), found.length);
    }
    if (url.startsWith('/ccms/s1000d/applicability')) return ok(applic);
    if (url.startsWith('/ccms/s1000d/filter') || url.startsWith('/ccms/s1000d/instance')) {
      const assignment = assignmentOf(q, applic);
      if (!assignment) return { data: { code: 400, msg: `product: product "${q.get('product')}" is not in the products cross-reference table (PCT)` } };
      return ok(url.startsWith('/ccms/s1000d/filter') ? filterFor(assignment) : instanceFor(assignment));
    }
    if (url.startsWith('/ccms/topic/')) return ok(opts.topic ?? topicDetail());
    if (url.startsWith('/ccms/document/9/toc')) return ok({ ...at, documentId: 9, path: documentRow().path, title: 'Mountain bicycle manual', nodes: [] });
    if (url.startsWith('/ccms/document/9')) return ok(opts.document ?? documentDetail());
    return ok(null);
  };
}
