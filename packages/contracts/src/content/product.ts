import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';

/** Permission strings of products and properties (seeded menu buttons). */
export const ProductPerm = {
  list: 'ccms:product:list',
  query: 'ccms:product:query',
  add: 'ccms:product:add',
  edit: 'ccms:product:edit',
  remove: 'ccms:product:remove',
  import: 'ccms:product:import',
  export: 'ccms:product:export',
} as const;

export const PropertyPerm = {
  list: 'ccms:property:list',
  query: 'ccms:property:query',
  add: 'ccms:property:add',
  edit: 'ccms:property:edit',
  remove: 'ccms:property:remove',
} as const;

export const ProductName = z.string().trim().min(1).max(100).regex(/^\w+$/, { message: 'product.nameFormat' }).describe('letters, digits and underscores');

export const ProductBody = z.object({
  productName: ProductName,
  displayName: z.string().trim().min(1).max(200),
  status: Status01.default('0'),
  remark: z.string().max(500).optional(),
});
export type ProductBody = z.infer<typeof ProductBody>;
export const ProductUpdate = ProductBody.extend({ productId: z.number().int().positive().describe('id of a product (GET /ccms/product/list)') });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const Product = z.object({
  productId: z.number(),
  productName: z.string(),
  displayName: z.string(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type Product = z.infer<typeof Product>;

export const ProductQuery = PageQuery.extend({
  productName: z.string().max(100).optional(),
  displayName: z.string().max(200).optional(),
  status: Status01.optional(),
});
export type ProductQuery = z.infer<typeof ProductQuery>;

export const PropertyBody = z.object({
  propertyName: z.string().trim().min(1).max(100),
  remark: z.string().max(500).optional(),
});
export type PropertyBody = z.infer<typeof PropertyBody>;
export const PropertyUpdate = PropertyBody.extend({ propertyId: z.number().int().positive().describe('id of a product property (GET /ccms/property/list)') });
export type PropertyUpdate = z.infer<typeof PropertyUpdate>;

export const PropertyValue = z.object({
  valueId: z.number(),
  propertyId: z.number(),
  propertyKey: z.string(),
  propertyValue: z.string(),
  orderNum: z.number(),
});

export const Property = z.object({
  propertyId: z.number(),
  propertyName: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  values: z.array(PropertyValue),
});

export const PropertyQuery = PageQuery.extend({ propertyName: z.string().max(100).optional() });
export type PropertyQuery = z.infer<typeof PropertyQuery>;

export const PropertyValueBody = z.object({
  propertyId: z.number().int().positive().describe('id of a product property (GET /ccms/property/list)'),
  propertyKey: z.string().trim().min(1).max(100),
  propertyValue: z.string().trim().min(1).max(500),
  orderNum: z.number().int().min(0).max(9999).default(0).describe('display order, ascending'),
});
export type PropertyValueBody = z.infer<typeof PropertyValueBody>;
export const PropertyValueUpdate = PropertyValueBody.extend({ valueId: z.number().int().positive().describe('id of a product property value') });
export type PropertyValueUpdate = z.infer<typeof PropertyValueUpdate>;

export const ImportResult = z.object({ code: z.number(), msg: z.string(), data: z.object({ added: z.number(), updated: z.number() }) });

const Ids = z.object({ ids: IdList });
const Xlsx = z.unknown().describe('an .xlsx workbook');

/** The products and product properties API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ProductApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/product/list',
    access: { permission: ProductPerm.list },
    summary: 'List products by page',
    tag: 'content/product',
    query: ProductQuery,
    response: rowsOf(Product),
  }),
  options: endpoint({
    method: 'GET',
    url: '/ccms/product/optionselect',
    access: { authenticated: true },
    summary: 'List all products, for pickers',
    tag: 'content/product',
    response: okOf(z.array(Product)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/product/:id',
    access: { permission: ProductPerm.query },
    summary: 'Get a product',
    tag: 'content/product',
    params: IdParam,
    response: okOf(Product),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/product',
    access: { permission: ProductPerm.add },
    summary: 'Create a product',
    tag: 'content/product',
    body: ProductBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/product',
    access: { permission: ProductPerm.edit },
    summary: 'Update a product',
    tag: 'content/product',
    body: ProductUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/product/:ids',
    access: { permission: ProductPerm.remove },
    summary: 'Delete products',
    tag: 'content/product',
    params: Ids,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/product/export',
    access: { permission: ProductPerm.export },
    summary: 'Export products as an Excel workbook',
    tag: 'content/product',
    body: ProductQuery.omit({ pageNum: true, pageSize: true }).optional(),
    response: Xlsx,
  }),
  import: endpoint({
    method: 'POST',
    url: '/ccms/product/importData',
    access: { permission: ProductPerm.import },
    summary: 'Import products from an Excel workbook (multipart)',
    tag: 'content/product',
    query: z.object({ updateSupport: z.enum(['true', 'false']).optional() }),
    response: ImportResult,
  }),
  propertyList: endpoint({
    method: 'GET',
    url: '/ccms/property/list',
    access: { permission: PropertyPerm.list },
    summary: 'List product properties with their values',
    tag: 'content/property',
    query: PropertyQuery,
    response: rowsOf(Property),
  }),
  addProperty: endpoint({
    method: 'POST',
    url: '/ccms/property',
    access: { permission: PropertyPerm.add },
    summary: 'Create a product property',
    tag: 'content/property',
    body: PropertyBody,
    response: OkEmpty,
  }),
  editProperty: endpoint({
    method: 'PUT',
    url: '/ccms/property',
    access: { permission: PropertyPerm.edit },
    summary: 'Update a product property',
    tag: 'content/property',
    body: PropertyUpdate,
    response: OkEmpty,
  }),
  removeProperties: endpoint({
    method: 'DELETE',
    url: '/ccms/property/:ids',
    access: { permission: PropertyPerm.remove },
    summary: 'Delete product properties',
    tag: 'content/property',
    params: Ids,
    response: OkEmpty,
  }),
  addValue: endpoint({
    method: 'POST',
    url: '/ccms/property/value',
    access: { permission: PropertyPerm.edit },
    summary: 'Add a value to a product property',
    tag: 'content/property',
    body: PropertyValueBody,
    response: OkEmpty,
  }),
  editValue: endpoint({
    method: 'PUT',
    url: '/ccms/property/value',
    access: { permission: PropertyPerm.edit },
    summary: 'Update a product property value',
    tag: 'content/property',
    body: PropertyValueUpdate,
    response: OkEmpty,
  }),
  removeValues: endpoint({
    method: 'DELETE',
    url: '/ccms/property/value/:ids',
    access: { permission: PropertyPerm.edit },
    summary: 'Delete product property values',
    tag: 'content/property',
    params: Ids,
    response: OkEmpty,
  }),
};
