import type { Language as UiLanguage } from '@ccms/contracts/constants';
import type { DmcOptions, DmrlEntryBody, NewModuleBody, NewModuleResult, NewPmBody, ObjectWritten } from '@ccms/contracts/content/s1000d-authoring';
import { translate } from '@ccms/contracts/messages';
import {
  addToDml,
  addToPm,
  applyDmIdent,
  applyDmlIdent,
  applyPmIdent,
  CycleError,
  checkDmc,
  checkDmlCode,
  checkPmCode,
  dataModuleTemplate,
  dmcString,
  dmlEntryXml,
  dmlTemplate,
  dmRefXml,
  INFO_CODES,
  objectFileName,
  objectIdent,
  parseDmc,
  pmTemplate,
  TEMPLATE_SCHEMAS,
  valueAllowed,
} from '@ccms/s1000d';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import type { LibraryGit } from '../library/library-git';
import { joinPath, repoPath } from '../shared/repo-path';
import { firstRefusal, langKey, refused, relabelled, type S1000dAuthoringScope, today } from './s1000d-authoring-scope';

/** New S1000D objects on a library branch: the DMC builder's options, data modules, publication modules and DMRL entries. */

/** Whether a DML's text already lists this data module code (its dmRefs' dmCode attributes). */
function entryListed(text: string, code: string): boolean {
  for (const m of text.matchAll(/<dmCode\b([^>]*)\/?>/g)) {
    const attrs = Object.fromEntries([...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    const fields = parseDmc(
      `${attrs.modelIdentCode}-${attrs.systemDiffCode}-${attrs.systemCode}-${attrs.subSystemCode}${attrs.subSubSystemCode}-${attrs.assyCode}-${attrs.disassyCode}${attrs.disassyCodeVariant}-${attrs.infoCode}${attrs.infoCodeVariant}-${attrs.itemLocationCode}${attrs.learnCode ? `-${attrs.learnCode}${attrs.learnEventCode ?? ''}` : ''}`,
    );
    if (fields && dmcString(fields) === code) return true;
  }
  return false;
}

export function s1000dNewObjectService(git: LibraryGit, runtime: CatalogRuntime, kit: S1000dAuthoringScope) {
  const { catalog } = runtime;
  const { scopeOf, projectOf, writeObject, topicIdOf, fromTemplate, problemsOf, sameObject } = kit;

  return {
    async options(auth: AuthContext, q: { libraryId: number; branch?: string }): Promise<DmcOptions> {
      const scope = await scopeOf(auth, q.libraryId, q.branch, 'read');
      const { csdb, project, rules, folder, enterpriseCode } = await projectOf(scope);
      const mic = new Map<string, number>();
      const sdc = new Map<string, number>();
      const languages = new Set<string>();
      for (const o of csdb.objects) {
        if (o.kind !== 'dm') continue;
        const f = parseDmc(o.code);
        if (!f) continue;
        mic.set(f.modelIdentCode, (mic.get(f.modelIdentCode) ?? 0) + 1);
        sdc.set(f.systemDiffCode, (sdc.get(f.systemDiffCode) ?? 0) + 1);
        if (o.language) languages.add(`${o.language.languageIsoCode}-${o.language.countryIsoCode}`);
      }
      const byUse = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
      const infoRules = rules.values.infoCode;
      const allowed = (code: string) => !infoRules || infoRules.every((list) => list.some((v) => valueAllowed(code, v)));
      return {
        modelIdentCodes: byUse(mic),
        systemDiffCodes: byUse(sdc),
        sns: rules.sns ?? null,
        infoCodes: INFO_CODES.map((c) => ({ ...c, allowed: allowed(c.code) })),
        projectBrex: project?.dmc ?? null,
        folder,
        enterpriseCode,
        languages: [...languages].sort(),
        schemas: TEMPLATE_SCHEMAS.filter((s) => s !== 'pm' && s !== 'dml'),
        pms: csdb.objects
          .filter((o) => o.kind === 'pm' && csdb.latest(o.code) === o)
          .map((o) => ({ path: o.file, code: o.code, title: o.title }))
          .sort((a, b) => a.code.localeCompare(b.code)),
      };
    },

    async create(auth: AuthContext, body: NewModuleBody, lang: UiLanguage): Promise<NewModuleResult> {
      const scope = await scopeOf(auth, body.libraryId, body.branch, 'write');
      const { project, rules, folder: projectFolder, enterpriseCode: projectEnterprise } = await projectOf(scope);
      const found = checkDmc(body.dmc, rules);
      const [firstProblem] = found;
      if (firstProblem) throw badRequest('s1000d.refused', { field: firstProblem.field, ...relabelled(firstProblem.messages) });
      const code = dmcString(body.dmc);
      const language = { languageIsoCode: body.language.languageIsoCode.toLowerCase(), countryIsoCode: body.language.countryIsoCode.toUpperCase() };
      const folder = repoPath(body.folder ?? projectFolder, 'folder', { root: true });
      const path = joinPath(folder, objectFileName(code, { issueNumber: '000', inWork: '01' }, language));
      const pmPath = body.pmPath ? repoPath(body.pmPath, 'pmPath') : undefined;
      const enterpriseCode = body.enterpriseCode?.toUpperCase() || projectEnterprise;
      const input = {
        dmc: body.dmc,
        language,
        techName: body.techName,
        infoName: body.infoName,
        issueDate: today(),
        enterpriseCode: enterpriseCode || '00000',
        brex: project ? parseDmc(project.dmc) : undefined,
      };
      const values = { title: body.techName, id: code, language, enterpriseCode: input.enterpriseCode };
      const xml =
        (await fromTemplate(auth, body.schema, body.templateId, values, (text) => applyDmIdent(text, input), '<dmAddress>, <dmStatus>')) ??
        dataModuleTemplate(body.schema, input);
      const file: Change = { op: 'put', path, content: Buffer.from(xml, 'utf8') };
      const changesOn = async (locked: GitRepo, head: string): Promise<Change[]> => {
        const existing = (await sameObject(locked, head, code, langKey(language)))[0];
        if (existing) throw badRequest('s1000d.codeExists', { code, path: existing });
        if (await locked.typeOf(head, path)) throw badRequest('s1000d.pathExists', { field: 'dmc', path });
        if (!pmPath) return [file];
        const pm = await locked.readFile(head, pmPath);
        if (pm === null) throw badRequest('s1000d.notModule', { path: pmPath });
        try {
          const withRef = addToPm(pm.toString('utf8'), dmRefXml(body.dmc, body.techName, body.infoName));
          return [file, { op: 'put', path: pmPath, content: Buffer.from(withRef, 'utf8') }];
        } catch (e) {
          if (e instanceof CycleError) throw refused(e);
          throw e;
        }
      };
      const made = await git.commit(scope.row, auth, scope.branch, changesOn, translate(lang, 's1000d.newMessage', { code }));
      await catalog.afterCommit(scope.row, scope.branch, made.batch);
      const after = await catalog.openStored(auth, scope.row.libraryId, scope.branch);
      return {
        libraryId: scope.row.libraryId,
        branch: scope.branch,
        path,
        code,
        issue: '000-01',
        commit: made.commit,
        topicId: await topicIdOf(scope.row.libraryId, scope.branch, path),
        problems: await problemsOf(after, path, xml, lang),
      };
    },

    /** A new publication module listing data modules of the branch (by path), at 000-01. */
    async createPm(auth: AuthContext, body: NewPmBody, lang: UiLanguage): Promise<ObjectWritten> {
      const scope = await scopeOf(auth, body.libraryId, body.branch, 'write');
      firstRefusal(checkPmCode(body.pmCode), 'pmCode.');
      const p = await projectOf(scope);
      const refs: string[] = [];
      for (const raw of body.dmPaths) {
        const path = repoPath(raw, 'dmPaths');
        const o = p.csdb.objects.find((x) => x.file === path);
        const fields = o && (o.kind === 'dm' || o.kind === 'dme') ? parseDmc(o.code) : undefined;
        if (!fields) throw badRequest('s1000d.notModule', { path });
        refs.push(dmRefXml(fields));
      }
      const c = body.pmCode;
      const code = `PMC-${c.modelIdentCode}-${c.pmIssuer}-${c.pmNumber}-${c.pmVolume}`.toUpperCase();
      const language = { languageIsoCode: body.language.languageIsoCode.toLowerCase(), countryIsoCode: body.language.countryIsoCode.toUpperCase() };
      const folder = repoPath(body.folder ?? p.folder, 'folder', { root: true });
      const path = joinPath(folder, objectFileName(code, { issueNumber: '000', inWork: '01' }, language));
      const input = {
        pmCode: body.pmCode,
        pmTitle: body.pmTitle,
        language,
        issueDate: today(),
        enterpriseCode: p.enterpriseCode || '00000',
        brex: p.project ? parseDmc(p.project.dmc) : undefined,
        firstRef: refs.join('\n      '),
      };
      const values = { title: body.pmTitle, id: code, language, enterpriseCode: input.enterpriseCode };
      const text =
        (await fromTemplate(auth, 'pm', body.templateId, values, (t) => applyPmIdent(t, input), '<pmAddress>, <pmStatus>, <pmEntry>')) ?? pmTemplate(input);
      const made = { path, code: () => code, text: () => text, message: translate(lang, 's1000d.newPmMessage', { code }) };
      return writeObject(auth, scope, lang, made, async (locked, head) => {
        const existing = (await sameObject(locked, head, code, langKey(language)))[0];
        if (existing) throw badRequest('s1000d.pmCodeExists', { code, path: existing });
        return [{ op: 'put', path, content: Buffer.from(text, 'utf8') }];
      });
    },

    /** A planned data module added to a DMRL (dmlEntry), or to a new DMRL (dmlType p) at 000-01. */
    async addDmrlEntry(auth: AuthContext, body: DmrlEntryBody, lang: UiLanguage): Promise<ObjectWritten> {
      const scope = await scopeOf(auth, body.libraryId, body.branch, 'write');
      const p = await projectOf(scope);
      firstRefusal(checkDmc(body.dmc, p.rules), '');
      const entry = dmlEntryXml(body.dmc, body.techName, body.infoName, p.enterpriseCode || '00000');
      const entryCode = dmcString(body.dmc);
      const dmlPath = body.dmlPath ? repoPath(body.dmlPath, 'dmlPath') : undefined;
      if (!dmlPath && !body.newDml) throw badRequest('s1000d.dmlNeeded');
      let path = dmlPath ?? '';
      let code = '';
      let newText: string | undefined;
      if (!dmlPath && body.newDml) {
        firstRefusal(checkDmlCode(body.newDml), 'newDml.');
        const d = body.newDml;
        code = `DML-${d.modelIdentCode}-${d.senderIdent}-P-${d.yearOfDataIssue}-${d.seqNumber}`.toUpperCase();
        path = joinPath(repoPath(p.folder, 'folder', { root: true }), objectFileName(code, { issueNumber: '000', inWork: '01' }));
        const input = {
          dmlCode: { ...d, dmlType: 'p' as const },
          issueDate: today(),
          enterpriseCode: p.enterpriseCode || '00000',
          brex: p.project ? parseDmc(p.project.dmc) : undefined,
          firstEntry: entry,
        };
        const values = { title: body.techName, id: code, enterpriseCode: input.enterpriseCode };
        newText =
          (await fromTemplate(auth, 'dml', body.templateId, values, (t) => applyDmlIdent(t, input), '<dmlAddress>, <dmlStatus>, <dmlContent>')) ??
          dmlTemplate(input);
      }
      let written = newText ?? '';
      return writeObject(
        auth,
        scope,
        lang,
        {
          path,
          code: () => code,
          text: () => written,
          message: translate(lang, 's1000d.dmrlEntryMessage', { dml: path.slice(path.lastIndexOf('/') + 1), code: entryCode }),
        },
        async (locked, head) => {
          if (newText !== undefined) {
            const existing = (await sameObject(locked, head, code, undefined))[0];
            if (existing) throw badRequest('s1000d.dmlCodeExists', { code, path: existing });
            return [{ op: 'put', path, content: Buffer.from(newText, 'utf8') }];
          }
          const now = await locked.readFile(head, path);
          if (now === null) throw badRequest('s1000d.notModule', { path });
          const text = now.toString('utf8');
          try {
            code = objectIdent(text).code;
            if (entryListed(text, entryCode)) throw badRequest('s1000d.entryExists', { code: entryCode });
            written = addToDml(text, entry);
          } catch (e) {
            if (e instanceof CycleError) throw refused(e);
            throw e;
          }
          return [{ op: 'put', path, content: Buffer.from(written, 'utf8') }];
        },
      );
    },
  };
}
