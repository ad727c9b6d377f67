import { z } from 'zod';
import { DateTime, PageQuery, Status01 } from '../http';

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
