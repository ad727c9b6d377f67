/** S1000D issues this package validates: 4.0 and later ("4.0", "4.1", "4.2", "5.0", "6"). */
export type Issue = string;

/** The issue a schema URL names: http://www.s1000d.org/S1000D_5-0/xml_schema_flat/descript.xsd → "5.0", S1000D_6 → "6". */
export function issueOfSchemaUrl(url: string | undefined): Issue | undefined {
  const m = /S1000D_(\d+)(?:-(\d+))?(?:-(\d+))?/i.exec(url ?? '');
  if (m === null || m[1] === undefined) return undefined;
  return m[2] !== undefined ? `${m[1]}.${m[2]}${m[3] !== undefined ? `.${m[3]}` : ''}` : m[1];
}

/** True for Issue 3.0 and older, which this package refuses (they use other element names). */
export function isUnsupportedIssue(issue: Issue | undefined): boolean {
  const major = Number(issue?.split('.')[0]);
  return Number.isFinite(major) && major < 4;
}

/** The schema file a URL names (descript.xsd). */
export function schemaName(url: string): string {
  return url.replace(/^.*[\\/]/, '');
}

/**
 * The default BREX data module of an issue (s1kd-brexcheck's choice): 6 or none → H, 5.0 → G,
 * 4.2 → F, 4.1 → E, 4.0 → D (4.0.2; A was 4.0.1's), anything older → the Issue 3.0 one.
 */
export function defaultBrexDmc(issue: Issue | undefined): string {
  if (issue === undefined || issue.startsWith('6')) return 'DMC-S1000D-H-04-10-0301-00A-022A-D';
  if (issue.startsWith('5')) return 'DMC-S1000D-G-04-10-0301-00A-022A-D';
  if (issue.startsWith('4.2')) return 'DMC-S1000D-F-04-10-0301-00A-022A-D';
  if (issue.startsWith('4.1')) return 'DMC-S1000D-E-04-10-0301-00A-022A-D';
  if (issue.startsWith('4.0')) return 'DMC-S1000D-D-04-10-0301-00A-022A-D';
  return 'DMC-AE-A-04-10-0301-00A-022A-D';
}

/** The DMCs of every default BREX (any issue): their chain of brexDmRef ends at themselves. */
export const DEFAULT_BREX_DMCS: ReadonlySet<string> = new Set([
  'DMC-S1000D-H-04-10-0301-00A-022A-D',
  'DMC-S1000D-G-04-10-0301-00A-022A-D',
  'DMC-S1000D-F-04-10-0301-00A-022A-D',
  'DMC-S1000D-E-04-10-0301-00A-022A-D',
  'DMC-S1000D-D-04-10-0301-00A-022A-D',
  'DMC-S1000D-A-04-10-0301-00A-022A-D',
  'DMC-AE-A-04-10-0301-00A-022A-D',
]);
