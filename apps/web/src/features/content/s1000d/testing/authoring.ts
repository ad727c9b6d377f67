import type { ChangeMarkProposal, CycleResult, DmcOptions, ModuleIssues } from '@ccms/contracts/content/s1000d-authoring';
import type { InternalAxiosRequestConfig } from 'axios';
import type { FakeReply } from '../../../../test/fakes';
import { bikeServer, queryOf } from './bike';

/**
 * Fake answers for the S1000D authoring screens (issue 31), after the Bike sample: the DMC
 * builder's options (its model codes, no SNS in its BREX, its 57 information codes of which 952 is
 * refused), a new module's answer, a module's issues and the change marks proposed for it.
 */
export const dmcOptions = (over: Partial<DmcOptions> = {}): DmcOptions => ({
  modelIdentCodes: ['S1000DBIKE', 'S1000DLIGHTING', 'BRAKE'],
  systemDiffCodes: ['AAA'],
  sns: null,
  infoCodes: [
    { code: '520', en: 'Remove procedures', zh: '拆卸程序', allowed: true },
    { code: '720', en: 'Install procedures', zh: '安装程序', allowed: true },
    { code: '952', en: 'Performance support', zh: '绩效支持', allowed: false },
  ],
  projectBrex: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D',
  folder: 'csdb',
  enterpriseCode: 'U8025',
  languages: ['en-US'],
  schemas: ['proced', 'descript', 'fault', 'ipd', 'crew'],
  pms: [{ path: 'csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML', code: 'PMC-BRAKE-C3002-EPWG1-00', title: 'Brake manual' }],
  ...over,
});

export const CODE = 'DMC-BRAKE-AAA-DA1-20-00-00AA-720A-A';
const DIR = 'csdb';

export const moduleIssues = (issue: string, status: string, rows: ModuleIssues['rows'] = [], issueNeedsApproval = false): ModuleIssues => ({
  code: CODE,
  current: { path: `${DIR}/${CODE}_${issue}_EN-US.XML`, issue, status, issueNeedsApproval },
  rows,
});

export const issueRow = (n: string) => ({
  issueNumber: n,
  tag: `issue/${CODE}/${n}`,
  commit: `${n}0000000000000000000000000000000000000`.slice(0, 40),
  date: '2026-11-28T10:00:00+00:00',
  author: 'dmowner nick',
  path: `${DIR}/${CODE}_${n}-00_EN-US.XML`,
});

export const proposal = (): ChangeMarkProposal => ({
  previous: issueRow('001'),
  marks: [
    {
      path: '/dmodule/content/procedure/mainProcedure/proceduralStep[1]/para',
      element: 'para',
      changeType: 'modify',
      text: 'Put the new pads in the caliper.',
      before: 'Step 1.',
    },
    { path: '/dmodule/content/procedure/mainProcedure/proceduralStep[2]', element: 'proceduralStep', changeType: 'add', text: '' },
  ],
  removed: [],
});

export const cycleResult = (issue: string, status: string, tag: string | null): CycleResult => ({
  libraryId: 3,
  branch: 'main',
  previousPath: `${DIR}/${CODE}_001-01_EN-US.XML`,
  path: `${DIR}/${CODE}_${issue}_EN-US.XML`,
  code: CODE,
  issue,
  issueType: 'changed',
  commit: 'c'.repeat(40),
  status,
  tag,
  topicId: 196,
  documentId: null,
  problems: [],
});

export interface AuthoringServerOptions {
  options?: DmcOptions;
  issues?: ModuleIssues;
  /** The answer of POST /ccms/s1000d/module (a refusal: { code: 400, msg }). */
  create?: FakeReply;
}

/** bikeServer plus the authoring routes (and the S1000D template options the new-object dialogs offer). */
export function authoringServer(opts: AuthoringServerOptions = {}) {
  const base = bikeServer();
  return (config: InternalAxiosRequestConfig): FakeReply => {
    const url = config.url ?? '';
    const ok = (data: unknown): FakeReply => ({ data: { code: 200, msg: 'ok', data } });
    if (url.startsWith('/ccms/template/optionselect'))
      return ok([
        { templateId: 201, templateName: 'S1000D proced: Procedure', doctypeName: 'proced', kind: 's1000d', lang: 'en-US' },
        { templateId: 202, templateName: 'S1000D descript: Description', doctypeName: 'descript', kind: 's1000d', lang: 'en-US' },
        { templateId: 203, templateName: 'Brake procedure', doctypeName: 'proced', kind: 's1000d', lang: 'en-US' },
        { templateId: 206, templateName: 'S1000D pm: Publication module', doctypeName: 'pm', kind: 's1000d', lang: 'en-US' },
      ]);
    if (url.startsWith('/ccms/s1000d/settings')) return ok(JSON.parse(String(config.data ?? '{}')));
    if (url.startsWith('/ccms/s1000d/dmc-options')) return ok(opts.options ?? dmcOptions());
    if (url.startsWith('/ccms/s1000d/module'))
      return (
        opts.create ??
        ok({
          libraryId: 3,
          branch: 'main',
          path: `${DIR}/${CODE}_000-01_EN-US.XML`,
          code: CODE,
          issue: '000-01',
          commit: 'a'.repeat(40),
          topicId: 196,
          problems: [],
        })
      );
    if (url.startsWith('/ccms/s1000d/pm')) {
      const body = JSON.parse(String(config.data ?? '{}')) as { pmCode: Record<string, string> };
      const code = `PMC-${body.pmCode.modelIdentCode}-${body.pmCode.pmIssuer}-${body.pmCode.pmNumber}-${body.pmCode.pmVolume}`.toUpperCase();
      return ok({ libraryId: 3, branch: 'main', path: `${DIR}/${code}_000-01_EN-US.XML`, code, commit: 'd'.repeat(40), problems: [] });
    }
    if (url.startsWith('/ccms/s1000d/issues/compare')) {
      const q = queryOf(config);
      return ok({
        path: `${DIR}/${CODE}_002-00_EN-US.XML`,
        from: { commit: 'a'.repeat(40), label: `${q.get('from')}-00` },
        to: { commit: 'b'.repeat(40), label: q.get('to') === 'current' ? '001-01' : `${q.get('to')}-00` },
        changed: true,
        added: 1,
        removed: 1,
        rows: [{ type: 'changed', left: { no: 1, text: '<para>Step 1.</para>' }, right: { no: 1, text: '<para>Put the new pads in the caliper.</para>' } }],
      });
    }
    if (url.startsWith('/ccms/s1000d/issues')) return ok(opts.issues ?? moduleIssues('001-01', 'draft', [issueRow('001')]));
    if (url.startsWith('/ccms/s1000d/change-marks')) return ok(proposal());
    if (url.startsWith('/ccms/s1000d/in-work')) return ok(cycleResult('001-01', 'draft', null));
    if (url.startsWith('/ccms/s1000d/issue')) return ok(cycleResult('002-00', 'approved', `issue/${CODE}/002`));
    return base(config);
  };
}
