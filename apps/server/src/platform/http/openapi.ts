import { API_BASE, PRODUCT_VERSION } from '@ccms/contracts/constants';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API manual's sections: one tag per area/entity. A route names exactly one of these in
 * `schema.tags`; the manual lists them in this order.
 */
export const API_TAGS = {
  'system/auth': 'Sign-in, sign-out, registration and the signed-in user with menus and permissions',
  'system/user': 'Users: accounts, status, passwords, roles, Excel import and export',
  'system/profile': "The caller's own profile, password and avatar",
  'system/role': 'Roles: menu permissions, data scope and the users holding a role',
  'system/menu': 'Menus and buttons: the web routes and the permission strings they grant',
  'system/dept': 'Departments: the organisation tree used for data scope',
  'system/post': 'Posts (job positions) users can hold',
  'system/dict': 'Dictionaries: types and their entries (labels for codes shown in lists)',
  'system/config': 'System parameters: key/value settings read by the server and the web',
  'system/sso': 'Single sign-on with an OpenID Connect provider: settings, the code flow behind /auth-redirect, identity links',
  'system/notice': 'Notices and announcements, and which ones a user has read',
  'system/notification': 'Notices to one user (assignments, approvals, mentions, publishing): the bell, its live count, choices per event, the test mail',
  'system/information': 'The running product version and the latest announced one (version notice)',
  'system/download': 'The download center: files generated for the caller (output zips, long exports), their status, size and expiry; download and delete',
  'monitor/online': 'Signed-in sessions, and forcing one out',
  'monitor/job': 'Scheduled jobs: cron expression, handler, pause/resume and run-now',
  'monitor/job-log': 'Runs of scheduled jobs',
  'monitor/operlog': 'Operation log: every write through the API, who, what and the result',
  'monitor/logininfor': 'Sign-in records, and unlocking users locked out after failed sign-ins',
  'monitor/server': 'Server figures: CPU, memory, runtime, disks',
  'monitor/cache': 'Cache statistics',
  'monitor/druid': 'Datasource monitor: connection pool, connections, slowest and most frequent statements, largest tables',
  'tool/swagger': "The API manual's frame as RuoYi's web opens it (swagger-ui/index.html), sent to /prod-api/swagger",
  'tool/gen': 'Code generator: import database tables, set how each column shows, preview and download the generated module',
  'common/file': 'Uploading files and downloading generated files (exports) and uploads',
  'content/library': 'Libraries: DITA content held in a git remote, with branches and credentials',
  'content/library-config': 'Library settings: variables, filters (DITAVAL), data properties, publish configurations',
  'content/library-permission': 'Who may read, write, or administer a library (user, role or everyone)',
  'content/explorer': 'Files and folders of a library branch: tree, content, history, edits, uploads',
  'content/product': 'Products that documents are written for, with Excel import and export',
  'content/property': 'Product properties and their values',
  'content/catalog': 'The catalogue index of a library branch: references, keys, resources',
  'content/s1000d': 'S1000D libraries: applicability tables (ACT, CCT, PCT), filtering a publication module by product, module instances',
  'content/flightops': 'Flight-operations libraries: revisions, the fleet and effectivity filter, freeze for validation',
  'content/document': 'Documents (DITA maps): properties, table of contents, revisions, comparison, import',
  'content/topic': 'Topics: properties, status, references, history and differences',
  'content/translation': 'Translation: XLIFF export and import of a document for a language, translation memory and progress',
  'content/topic-editor': 'Topic editor: open, validate, preview and save topics (three-way merge), drafts, presence, new topics, pickers',
  'content/map-editor': 'Map editor: open maps with their hrefs resolved, save them with new topics and deleted files in one commit',
  'content/search': 'Full-text search across the libraries the caller can read',
  'content/graphic': 'Graphics of a library: list, serving, usage, upload',
  'content/video': 'Videos of a library: list, streaming, usage, upload',
  'content/abbreviation': 'Glossary abbreviations of a library, with Excel import and export',
  'content/term': 'Glossary terms of a library, with Excel import and export',
  'content/tag': 'Tags and their assignment to library file paths',
  'content/doctype': 'Document types: root elements, DOCTYPE, grammar, validation on save, default template and editor',
  'content/xmlProfile':
    'XML profiles: a generic XML standard per library type (FTID, or a new type): files, identity, references, toc, grammar, vocabulary, CSS',
  'content/grammar':
    'Grammar packages: DTDs with an OASIS catalog (e.g. DITA 1.3) that an administrator installs; validation uses the one of the version a DOCTYPE names',
  'content/template': 'Topic and map templates with placeholders, validated against their document type',
  'content/editor-config': 'Editor links to external XML editors and the default editor of each file suffix',
  'work/dashboard': "The home page's figures for the caller",
  'work/project': 'Projects: members, grants, progress',
  'work/project-category': 'Project categories',
  'work/project-config': "A project's work item types, states and fields",
  'work/work-item': 'Work items: CRUD, state transitions, comments, attachments, saved filters',
  'work/release': 'Releases of a project',
  'work/workflow': "Plans' review workflows: stages, approvals, what tasks cover",
  'work/review-comment': 'Review comments on topics: threads, replies, mentions, resolve',
  'work/release-log': 'Release log entries of a project',
  'work/plan': 'Plans of a project',
  'work/task': 'Tasks and their progress',
  'publish/connection': 'Delivery connections (SFTP, FTP, FTPS): credentials sealed, validate with a probe file, host key pinned',
  'publish/deliverable': 'Deliverables: deliver an output now, on a schedule or on a new commit; one receipt per delivery',
  'publish/publication': 'Publications: a map of a library branch with its DITAVAL file or filter group',
  'publish/output': 'Publishing (a job per output), progress, outputs: view, zip, delete, archive to a release',
  'publish/log': 'The publish log: every publish with who, what, commit, duration and result',
  'publish/viewer': 'The document-center viewer: its address and the outputs the caller may read',
  'publish/portal': "The reader's portal: the latest outputs the caller may read, a search across their pages, one opened in place",
  'compliance/regulation': 'Regulations: revisions kept as rows linked to the previous, and who may read them (grants)',
  'compliance/clause': 'Clauses of a regulation: tree, search, entry by hand, Excel and text-outline import',
  'compliance/relationship': 'Links from clauses to documents, topics, topic elements and requirements, with means of compliance and re-verify flags',
  'compliance/report': 'Compliance reports: the matrix of a regulation revision over a scope, verdicts, freeze, compare, Excel and PDF',
} as const satisfies Record<string, string>;

export type ApiTag = keyof typeof API_TAGS;

const isApiTag = (tag: unknown): tag is ApiTag => typeof tag === 'string' && Object.hasOwn(API_TAGS, tag);

/** Routes the manual itself and other platform plugins add: not API operations to document. */
const documentsItself = (url: string, method: string | string[]) =>
  url.startsWith(`${API_BASE}/swagger`) || !(url === API_BASE || url.startsWith(`${API_BASE}/`)) || method === 'HEAD';

/**
 * Why a route's documentation is refused, or null when it is fine: every API route has a
 * summary (a short sentence), exactly one known tag and a response schema (a file download
 * declares FileResponse), so the manual says what each answers.
 */
export function docDeclarationProblem(method: string | string[], url: string, schema: unknown): string | null {
  if (documentsItself(url, method)) return null;
  const route = `${Array.isArray(method) ? method.join(',') : method} ${url}`;
  const doc = (schema ?? {}) as { summary?: unknown; tags?: unknown; hide?: unknown; response?: unknown };
  if (doc.hide === true) return null;
  if (typeof doc.summary !== 'string' || doc.summary.trim() === '') return `route ${route} must declare schema.summary (what it does, in a sentence)`;
  if (!Array.isArray(doc.tags) || doc.tags.length !== 1) return `route ${route} must declare schema.tags with exactly one tag`;
  if (!isApiTag(doc.tags[0])) return `route ${route}: tag ${String(doc.tags[0])} is not one of API_TAGS in platform/http/openapi.ts`;
  if (doc.response === undefined) return `route ${route} must declare schema.response (FileResponse for a download)`;
  return null;
}

/**
 * The swagger UI's request hook, sent to the browser as source: inside the app (an iframe on
 * the same origin) "Try it out" uses the session cookie unless a token was entered by hand.
 */
function sessionCookieAuth(req: { headers?: Record<string, string> }) {
  if (req.headers && !req.headers.Authorization) {
    const { document } = globalThis as unknown as { document: { cookie: string } };
    const match = document.cookie.match(/(?:^|;\s*)Admin-Token=([^;]+)/);
    if (match?.[1]) req.headers.Authorization = `Bearer ${decodeURIComponent(match[1])}`;
  }
  return req;
}

/**
 * The API manual: the OpenAPI document at `/prod-api/swagger/json` and its UI at
 * `/prod-api/swagger`. A route without summary or a known tag stops the app from starting.
 */
export const openApi = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const problem = docDeclarationProblem(route.method, route.url, route.schema);
    if (problem) throw new Error(problem);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CCMS API',
        version: PRODUCT_VERSION,
        description: `Every answer is an envelope \`{ code, msg, ... }\`; lists answer \`{ rows, total }\`. Sign in with POST ${API_BASE}/login and send the token as \`Authorization: Bearer <token>\`. Dates are \`yyyy-MM-dd HH:mm:ss\` in the server's time zone, or ISO-8601 with the header \`X-CCMS-Dates: iso\`.`,
      },
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_BASE}/swagger`,
    uiConfig: { docExpansion: 'none', deepLinking: true, filter: true, persistAuthorization: true, requestInterceptor: sessionCookieAuth },
  });
});
