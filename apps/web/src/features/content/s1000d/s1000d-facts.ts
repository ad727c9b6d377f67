import type { StandardFacts } from '@ccms/contracts/content/standard';
import type { TFunction } from 'i18next';

/** A topic or document row of an S1000D library (its facts say so). */
export const isS1000dRow = (row: { facts: StandardFacts }) => row.facts.standard === 's1000d';

/**
 * Data module schemas of S1000D (the schema files' names without .xsd, Issue 4.1 to 6): what the
 * topic list's docType filter offers in an S1000D library. A value outside the list still shows.
 */
export const S1000D_SCHEMAS = [
  'descript',
  'proced',
  'process',
  'ipd',
  'fault',
  'crew',
  'checklist',
  'schedul',
  'wrngdata',
  'wrngflds',
  'sb',
  'learning',
  'comrep',
  'container',
  'frontmatter',
  'scocontent',
  'brdoc',
  'brex',
  'appliccrossreftable',
  'condcrossreftable',
  'prdcrossreftable',
] as const;

const ISSUE_TYPES = ['new', 'changed', 'deleted', 'revised', 'status', 'rinstate-changed', 'rinstate-revised', 'rinstate-status'] as const;
const QUALITY_ASSURANCES = ['unverified', 'firstVerification', 'secondVerification'] as const;
const KINDS = ['dm', 'dme', 'pm'] as const;
const ROLES = ['document', 'unit', 'resource', 'list', 'rules', 'other'] as const;

/** The facts a detail lists, in this order; others the server adds follow as they come. */
export const FACT_KEYS = ['kind', 'schema', 'infoCode', 'issue', 'issueType', 'qualityAssurance', 'applic', 's1000dIssue', 'role', 'refused'] as const;
export type FactKey = (typeof FACT_KEYS)[number];
export const isFactKey = (key: string): key is FactKey => (FACT_KEYS as readonly string[]).includes(key);

const among = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/**
 * A fact's value in words (issue types, quality assurance, kinds, roles are translated); values the
 * standard may grow (an unknown issue type) and free text show as they are.
 */
export function factText(t: TFunction<'s1000d'>, key: string, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  if (key === 'issueType' && among(ISSUE_TYPES, value)) return t(`issueTypes.${value}`);
  if (key === 'qualityAssurance' && among(QUALITY_ASSURANCES, value)) return t(`qualityAssurances.${value}`);
  if (key === 'kind' && among(KINDS, value)) return t(`kinds.${value}`);
  if (key === 'role' && among(ROLES, value)) return t(`roles.${value}`);
  return value;
}
