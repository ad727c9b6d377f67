import { TextDiff } from '@ccms/contracts/content/catalog';
import {
  ApplicabilityQuery,
  ChangeMarkProposal,
  CycleResult,
  DmcOptions,
  DmrlEntryBody,
  IssueBody,
  IssueCompareQuery,
  ModuleIssues,
  ModuleQuery,
  ModuleTarget,
  NewModuleBody,
  NewModuleResult,
  NewPmBody,
  ObjectWritten,
  S1000dAuthorPerm,
  S1000dSettings,
  S1000dSettingsQuery,
} from '@ccms/contracts/content/s1000d';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { s1000dAuthoringService } from './s1000d-authoring.service';

const log = (businessType: BusinessType) => ({ title: 's1000d', businessType });

/** S1000D authoring: the DMC builder's options, new modules, the issue cycle, change marks, issues and their comparison. */
export const s1000dAuthoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const authoring = s1000dAuthoringService(app.db, app.content.git, app.content, () => app.content.grammars.s1000d());
  const tags = ['content/s1000d'];

  app.get(
    '/ccms/s1000d/dmc-options',
    {
      config: { permission: S1000dAuthorPerm.read },
      schema: {
        summary: "What the DMC builder offers: the library's model and system difference codes, the project BREX's SNS, information codes, PMs",
        tags,
        querystring: ApplicabilityQuery,
        response: { 200: okOf(DmcOptions) },
      },
    },
    async (req) => ok(await authoring.options(caller(req), req.query)),
  );
  app.post(
    '/ccms/s1000d/module',
    {
      config: { permission: S1000dAuthorPerm.create, log: log(BusinessType.INSERT) },
      schema: {
        summary: "A new data module from the DMC builder and its schema's template, at issue 000 in work 01, as one commit (optionally added to a PM)",
        tags,
        body: NewModuleBody,
        response: { 200: okOf(NewModuleResult) },
      },
    },
    async (req) => ok(await authoring.create(caller(req), req.body, req.lang)),
  );
  app.post(
    '/ccms/s1000d/pm',
    {
      config: { permission: S1000dAuthorPerm.create, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'A new publication module listing data modules of the branch, at issue 000 in work 01, as one commit',
        tags,
        body: NewPmBody,
        response: { 200: okOf(ObjectWritten) },
      },
    },
    async (req) => ok(await authoring.createPm(caller(req), req.body, req.lang)),
  );
  app.post(
    '/ccms/s1000d/dmrl-entry',
    {
      config: { permission: S1000dAuthorPerm.create, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'A planned data module (code and title) added to a data module requirement list, or to a new one, as one commit',
        tags,
        body: DmrlEntryBody,
        response: { 200: okOf(ObjectWritten) },
      },
    },
    async (req) => ok(await authoring.addDmrlEntry(caller(req), req.body, req.lang)),
  );
  app.post(
    '/ccms/s1000d/in-work',
    {
      config: { permission: S1000dAuthorPerm.cycle, log: log(BusinessType.UPDATE) },
      schema: {
        summary: 'Start the next in-work of a module (000-01 → 000-02; 001-00 → 001-01): the file renamed by its new issue, status draft',
        tags,
        body: ModuleTarget,
        response: { 200: okOf(CycleResult) },
      },
    },
    async (req) => ok(await authoring.inWork(caller(req), req.body, req.lang)),
  );
  app.post(
    '/ccms/s1000d/issue',
    {
      config: { permission: S1000dAuthorPerm.cycle, log: log(BusinessType.UPDATE) },
      schema: {
        summary:
          'Issue a module: next issue number at in-work 00, issue type, reasons for update, change marks; renamed in one commit, tagged issue/<code>/<nnn>, status approved',
        tags,
        body: IssueBody,
        response: { 200: okOf(CycleResult) },
      },
    },
    async (req) => ok(await authoring.issue(caller(req), req.body, req.lang)),
  );
  app.get(
    '/ccms/s1000d/issues',
    {
      config: { permission: S1000dAuthorPerm.read },
      schema: { summary: "A module's issues, from its issue tags, newest first", tags, querystring: ModuleQuery, response: { 200: okOf(ModuleIssues) } },
    },
    async (req) => ok(await authoring.issues(caller(req), req.query)),
  );
  app.get(
    '/ccms/s1000d/change-marks',
    {
      config: { permission: S1000dAuthorPerm.read },
      schema: {
        summary: 'Change marks proposed from the difference between the module now and its latest issue',
        tags,
        querystring: ModuleQuery,
        response: { 200: okOf(ChangeMarkProposal) },
      },
    },
    async (req) => ok(await authoring.changeMarks(caller(req), req.query)),
  );
  app.get(
    '/ccms/s1000d/issues/compare',
    {
      config: { permission: S1000dAuthorPerm.read },
      schema: {
        summary: 'Two issues of a module or PM side by side (an issue number, or current)',
        tags,
        querystring: IssueCompareQuery,
        response: { 200: okOf(TextDiff) },
      },
    },
    async (req) => ok(await authoring.compare(caller(req), req.query)),
  );
  app.get(
    '/ccms/s1000d/settings',
    {
      config: { permission: S1000dAuthorPerm.read },
      schema: { summary: "An S1000D library's issue rules", tags, querystring: S1000dSettingsQuery, response: { 200: okOf(S1000dSettings) } },
    },
    async (req) => ok(await authoring.settings(caller(req), req.query.libraryId)),
  );
  app.put(
    '/ccms/s1000d/settings',
    {
      config: { permission: S1000dAuthorPerm.settings, log: log(BusinessType.UPDATE) },
      schema: { summary: "Set an S1000D library's issue rules (library configure level)", tags, body: S1000dSettings, response: { 200: okOf(S1000dSettings) } },
    },
    async (req) => ok(await authoring.saveSettings(caller(req), req.body)),
  );
};
