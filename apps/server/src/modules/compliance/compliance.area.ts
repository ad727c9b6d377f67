import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ccmsRegulationLink } from '../../db/schema';
import { clauseRoutes } from './clause/clause.routes';
import { type ClauseService, clauseService } from './clause/clause.service';
import { clausesAnswered } from './link/link.queries';
import { linkRoutes } from './link/link.routes';
import { type LinkService, linkService } from './link/link.service';
import type { Notify } from './link/link-flags';
import { regulationRoutes } from './regulation/regulation.routes';
import { type RegulationService, regulationService } from './regulation/regulation.service';
import { readableRegulations } from './regulation/regulation-access';
import { reportRoutes } from './report/report.routes';
import { type ReportService, reportService } from './report/report.service';

/** What the compliance area shares with its routes. */
export interface ComplianceServices {
  regulations: RegulationService;
  clauses: ClauseService;
  links: LinkService;
  reports: ReportService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The compliance area's services (see compliance.area.ts). */
    compliance: ComplianceServices;
  }
}

const routes: FastifyPluginAsync[] = [regulationRoutes, clauseRoutes, linkRoutes, reportRoutes];

/**
 * The compliance area: regulations with their grants and revisions, clauses, links from
 * clauses to content and requirements (with re-verify flags), and compliance reports. Uses
 * the content area's libraries and clones; told owners go through app.notification.
 */
export const complianceArea = fp(
  async (app) => {
    const { git, libraries } = app.content;
    const notify: Notify = (input) => app.notification.notify(input);
    const regulations = regulationService(app.db);
    const clauses = clauseService(app.db, regulations, notify);
    const links = linkService({ db: app.db, git, libraries, regulations, notify });
    const reports = reportService({ db: app.db, libraries, regulations, notify });
    app.decorate('compliance', { regulations, clauses, links, reports });
    // A topic's references tab lists the clauses it answers, of regulations the caller may read.
    app.content.clauses.answerWith({
      clausesAnswered: (auth, topic) => clausesAnswered(app.db, readableRegulations(auth, ccmsRegulationLink.regulationId), topic),
    });
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'compliance', dependencies: ['content'] },
);
