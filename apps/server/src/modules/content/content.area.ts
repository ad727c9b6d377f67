import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { warmCommitThread } from '../../platform/git/commit-writer';
import { type ThreadPool, threadPool } from '../../platform/worker/thread-pool';
import { catalogReindexJob } from './catalog/catalog.jobs';
import { catalogRoutes } from './catalog/catalog.routes';
import { type CatalogRuntime, catalogService } from './catalog/catalog.service';
import { threadRunner } from './catalog/dita-runner';
import { catalogIndexer } from './catalog/indexer';
import { reviewHooks } from './catalog/review-hooks';
import { threadSetRunner } from './catalog/set-rows';
import { doctypeRoutes } from './doctype/doctype.routes';
import { doctypeGrammar } from './doctype/doctype-grammar';
import { documentRoutes } from './document/document.routes';
import { editorConfigRoutes } from './editor-config/editor-config.routes';
import { explorerRoutes } from './explorer/explorer.routes';
import { flightopsLibraryRoutes } from './flightops/flightops.routes';
import { flightopsRoutes } from './flightops/revision.routes';
import { abbreviationRoutes, termRoutes } from './glossary/glossary.routes';
import { grammarRoutes } from './grammar/grammar.routes';
import { grammarHint } from './grammar/grammar-hint';
import { type GrammarRegistry, grammarRegistry } from './grammar/grammar-registry';
import { graphicRoutes } from './graphic/graphic.routes';
import { libraryFetchAllJob } from './library/library.jobs';
import { libraryRoutes } from './library/library.routes';
import { type LibraryService, libraryService } from './library/library.service';
import { type LibraryGit, libraryGit } from './library/library-git';
import { libraryConfigRoutes } from './library-config/library-config.routes';
import { libraryPermissionRoutes } from './library-permission/library-permission.routes';
import { mapEditorRoutes } from './map-editor/map-editor.routes';
import { productRoutes } from './product/product.routes';
import { dmlRoutes } from './s1000d/dml.routes';
import { s1000dRoutes } from './s1000d/s1000d.routes';
import { s1000dAuthoringRoutes } from './s1000d/s1000d-authoring.routes';
import { transferRoutes } from './s1000d/transfer.routes';
import { searchRoutes } from './search/search.routes';
import type { DitaCheck, GrammarRules } from './shared/dita-validation';
import { type DescribeTopic, threadDescribe } from './shared/thread-describe';
import { threadDitaCheck } from './shared/thread-grammar';
import { threadS1000dCheck } from './shared/thread-s1000d';
import { type StandardCheck, threadStandardCheck } from './shared/thread-standards';
import { tagRoutes } from './tag/tag.routes';
import { templateRoutes } from './template/template.routes';
import { clauseHooks } from './topic/clause-hooks';
import { topicRoutes } from './topic/topic.routes';
import { topicEditorRoutes } from './topic-editor/topic-editor.routes';
import { translationRoutes } from './translation/translation.routes';
import { videoRoutes } from './video/video.routes';
import { profileSpecOf } from './xml-profile/xml-profile.queries';
import { xmlProfileRoutes } from './xml-profile/xml-profile.routes';
import { XML_PROFILE_REINDEX_QUEUE, xmlProfileReindexWork } from './xml-profile/xml-profile.service';

/** The content threads' task module. */
const CONTENT_THREAD = new URL('./content-thread.ts', import.meta.url);
/** The index thread's task module: catalogue runs, DITA's with their snapshots (one thread, where the snapshots live). */
const INDEX_THREAD = new URL('./catalog/index-thread.ts', import.meta.url);

/**
 * What the content area builds once per app and shares with its routes, its jobs and the areas
 * that depend on it (work): one clone per library with its locks and fetch times, one catalogue
 * with its remembered snapshots and one-run-per-branch queue.
 */
export interface ContentServices extends CatalogRuntime {
  git: LibraryGit;
  libraries: LibraryService;
  /** Which saves the DTD checks (the document types table), against the DTDs of the installed grammar packages. */
  grammar: GrammarRules;
  /** The installed grammar packages, as validation resolves DOCTYPEs in them. */
  grammars: GrammarRegistry;
  /** Worker threads for the checks and previews of DITA text (content-thread.ts), off the request loop. */
  threads: ThreadPool;
  /** A DITA text checked (well-formed, structure, DTD by the grammar's rules) on the content threads. */
  ditaCheck: DitaCheck;
  /** An ATA, flight-operations or XML-profile text checked as a save checks it, on the content threads. */
  standardCheck: StandardCheck;
  /** A file's type and title as the editor opens it: a large text parsed on the content threads. */
  describeTopic: DescribeTopic;
  review: ReturnType<typeof reviewHooks>;
  /** Regulation clauses a topic answers, which the compliance area answers. */
  clauses: ReturnType<typeof clauseHooks>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The content area's shared services (see content.area.ts). */
    content: ContentServices;
  }
}

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [
  libraryRoutes,
  explorerRoutes,
  libraryPermissionRoutes,
  libraryConfigRoutes,
  productRoutes,
  catalogRoutes,
  s1000dRoutes,
  dmlRoutes,
  transferRoutes,
  flightopsRoutes,
  flightopsLibraryRoutes,
  s1000dAuthoringRoutes,
  documentRoutes,
  topicRoutes,
  topicEditorRoutes,
  mapEditorRoutes,
  searchRoutes,
  graphicRoutes,
  videoRoutes,
  abbreviationRoutes,
  termRoutes,
  tagRoutes,
  doctypeRoutes,
  xmlProfileRoutes,
  grammarRoutes,
  templateRoutes,
  editorConfigRoutes,
  translationRoutes,
];

/**
 * The content area: libraries on git, their catalogue, documents, topics, resources, glossary and
 * tags. Not encapsulated, so `app.content` reaches the areas registered after it.
 */
export const contentArea = fp(
  async (app) => {
    const git = libraryGit({ database: app.database, dataDir: app.config.dataDir, secretKey: app.secrets.secretKey });
    const libraries = libraryService(app.db, git, app.secrets.secretKey);
    const grammars = grammarRegistry({ db: app.db, storage: app.storage, dataDir: app.config.dataDir, log: app.log });
    const threads = threadPool({ name: 'content', entry: CONTENT_THREAD });
    const indexThread = threadPool({ name: 'index', entry: INDEX_THREAD, size: 1 });
    app.addHook('onClose', () => Promise.all([threads.close(), indexThread.close()]).then(() => undefined));
    // A listening server loads its threads as it starts listening (Fastify runs onListen once listen() has answered), so
    // its first preview, index or save does not wait about a second for them (the commit thread is one per process, never
    // closed: its thread does not keep the process alive); an app only injected into, as in the API tests,
    // loads them on first use.
    app.addHook('onListen', async () => {
      await Promise.all([threads.warm(), indexThread.warm(), warmCommitThread()]);
    });
    // S1000D libraries validate against the schema packages and default BREX an administrator installed.
    const indexer = catalogIndexer(app.db, {
      runner: threadRunner(indexThread),
      // S1000D, ATA, flight-operations and XML-profile sets are read and checked on the index thread too, which reads the installed packages itself.
      setRunner: threadSetRunner(indexThread, { s1000d: () => grammars.s1000dPackages(), ata2300: () => grammars.ata2300Package() }),
      oneConnection: app.database.kind === 'pglite',
      // A save's S1000D check runs on the content threads, which read the installed packages themselves.
      s1000dThreadCheck: threadS1000dCheck(threads, () => grammars.s1000dPackages()),
      // FTID and the types an administrator defines are read by their XML profile.
      xmlProfile: (libraryType) => profileSpecOf(app.db, libraryType),
    });
    const catalog = catalogService(app.db, git, libraries, indexer);
    const grammar = doctypeGrammar(app.db, grammars);
    app.decorate('content', {
      git,
      libraries,
      indexer,
      catalog,
      grammar,
      grammars,
      threads,
      ditaCheck: threadDitaCheck(threads, grammar),
      standardCheck: threadStandardCheck(threads, () => grammars.ata2300Package()),
      describeTopic: threadDescribe(threads),
      review: reviewHooks(),
      clauses: clauseHooks(),
    });
    // No grammar ships with the product: each start says how to install one while none is.
    app.addHook('onReady', async () => {
      const hint = grammarHint(await grammars.status());
      if (hint) app.log.warn(hint);
    });
    app.jobs.register(libraryFetchAllJob(git));
    app.jobs.register(catalogReindexJob(catalog));
    app.jobs.defineQueue({ name: XML_PROFILE_REINDEX_QUEUE, workers: 1, retryLimit: 1, work: xmlProfileReindexWork(app.db, catalog) });
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'content' },
);
