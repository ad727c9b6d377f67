import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { CatalogScope, IndexedAt } from './catalog';

/**
 * S1000D libraries (libraryType S1000D): what the catalogue's common rows do not say. The
 * applicability tables of a branch (ACT, CCT, PCT), which modules of a publication module apply to
 * a product, and a filtered instance of one data module. Reading follows the document list right.
 */
export const S1000dPerm = { query: 'ccms:document:list' } as const;

/** GET /ccms/s1000d/applicability: the branch's ACT, CCT and PCT. */
export const ApplicabilityQuery = CatalogScope;

export const ApplicAttribute = z.object({
  /** The property ident assignments name (prodattr id or condition id). */
  id: z.string(),
  /** prodattr (ACT) or condition (CCT). */
  type: z.enum(['prodattr', 'condition']),
  name: z.string(),
  /** Allowed values as written: `a|b`, `1~3`. */
  values: z.array(z.string()),
  /** The product identifier (serial number): PCT products are found by its value. */
  primary: z.boolean(),
  /** For a condition: its condition type's name. */
  condType: z.string(),
});
export type ApplicAttribute = z.infer<typeof ApplicAttribute>;

export const ApplicProduct = z.object({
  /** What to pass as `product`: the product's id, else the value of the primary attribute. */
  key: z.string(),
  assignment: z.record(z.string(), z.string()),
});
export type ApplicProduct = z.infer<typeof ApplicProduct>;

/** A table's data module, when the branch has one. */
export const ApplicTableRef = z.object({ path: z.string(), code: z.string(), issue: z.string(), topicId: z.number().nullable() });

export const Applicability = IndexedAt.extend({
  act: ApplicTableRef.nullable(),
  cct: ApplicTableRef.nullable(),
  pct: ApplicTableRef.nullable(),
  attributes: z.array(ApplicAttribute),
  products: z.array(ApplicProduct),
});
export type Applicability = z.infer<typeof Applicability>;

/**
 * Property values, `ident=value` pairs separated by `;` (e.g. `type=Mountain bicycle;model=Brook trekker`).
 * Each ident must be an attribute or condition of the branch's ACT or CCT.
 */
export const AssignParam = z
  .string()
  .trim()
  .max(2000)
  .regex(/^[^=;]+=[^;]*(;[^=;]+=[^;]*)*;?$/, { message: 'field.invalidFormat' })
  .describe('ident=value pairs separated by ";"');

/** GET /ccms/s1000d/filter: which data modules of a publication module apply to a product (or to property values). */
export const ProductFilterQuery = z.object({
  documentId: qInt.positive().describe('an S1000D publication module (GET /ccms/document/list)'),
  product: z.string().trim().min(1).max(200).optional().describe('a PCT product: its id or the value of the primary attribute (serial number)'),
  assign: AssignParam.optional(),
});
export type ProductFilterQuery = z.infer<typeof ProductFilterQuery>;

export const FilteredModule = z.object({
  topicId: z.number().nullable(),
  path: z.string(),
  code: z.string(),
  title: z.string(),
  /** The module's own applicability, as displayed. */
  applic: z.string(),
  applies: z.boolean(),
});
export type FilteredModule = z.infer<typeof FilteredModule>;

export const ProductFilter = IndexedAt.extend({
  documentId: z.number(),
  /** The assignment the modules were evaluated against (the product's, then the pairs given). */
  assignment: z.record(z.string(), z.string()),
  modules: z
    .array(FilteredModule)
    .describe(
      'the data modules the publication module lists, in its order, with those of the publication modules its pmRefs name (references that resolve to nothing are left out)',
    ),
  applicable: z.number(),
  notApplicable: z.number(),
});
export type ProductFilter = z.infer<typeof ProductFilter>;

/** GET /ccms/s1000d/instance: one data module filtered for a product. */
export const InstanceQuery = z.object({
  topicId: qInt.positive().describe('an S1000D data module (GET /ccms/topic/list)'),
  product: z.string().trim().min(1).max(200).optional(),
  assign: AssignParam.optional(),
});
export type InstanceQuery = z.infer<typeof InstanceQuery>;

export const ModuleInstance = IndexedAt.extend({
  topicId: z.number(),
  assignment: z.record(z.string(), z.string()),
  /** False: the whole module does not apply to the product. */
  applies: z.boolean(),
  /** Elements removed, by element name. */
  removed: z.record(z.string(), z.number()),
  /** internalRef targets removed with their element: references an author must look at. */
  danglingRefs: z.array(z.string()),
  xml: z.string(),
});
export type ModuleInstance = z.infer<typeof ModuleInstance>;

const tag = 'content/s1000d';

/** The S1000D applicability API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const S1000dApi = {
  applicability: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/applicability',
    access: { permission: S1000dPerm.query },
    summary: "An S1000D library branch's applicability: ACT product attributes, CCT conditions, PCT products",
    tag,
    query: ApplicabilityQuery,
    response: okOf(Applicability),
  }),
  filter: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/filter',
    access: { permission: S1000dPerm.query },
    summary: 'Which data modules of an S1000D publication module apply to a product (or to property values)',
    tag,
    query: ProductFilterQuery,
    response: okOf(ProductFilter),
  }),
  instance: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/instance',
    access: { permission: S1000dPerm.query },
    summary: 'One S1000D data module filtered for a product: what is removed, and the instance',
    tag,
    query: InstanceQuery,
    response: okOf(ModuleInstance),
  }),
};
