import {
  ImportResult,
  Product,
  ProductBody,
  ProductPerm,
  ProductQuery,
  ProductUpdate,
  Property,
  PropertyBody,
  PropertyPerm,
  PropertyQuery,
  PropertyUpdate,
  PropertyValueBody,
  PropertyValueUpdate,
} from '@ccms/contracts/content/product';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readWorkbook } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { productService } from './product.service';

const log = (title: string, businessType: BusinessType) => ({ title, businessType });
const Ids = z.object({ ids: IdList });
const Xlsx = z.unknown().describe('an .xlsx workbook');

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = productService(app.db);

  app.get(
    '/ccms/product/list',
    {
      config: { permission: ProductPerm.list },
      schema: { summary: 'List products by page', tags: ['content/product'], querystring: ProductQuery, response: { 200: rowsOf(Product) } },
    },
    async (req) => rows(await products.listProducts(req.query)),
  );
  app.get(
    '/ccms/product/optionselect',
    {
      config: { authenticated: true },
      schema: { summary: 'List all products, for pickers', tags: ['content/product'], response: { 200: okOf(z.array(Product)) } },
    },
    async () => ok(await products.productOptions()),
  );
  app.get(
    '/ccms/product/:id',
    {
      config: { permission: ProductPerm.query },
      schema: { summary: 'Get a product', tags: ['content/product'], params: IdParam, response: { 200: okOf(Product) } },
    },
    async (req) => ok(await products.getProduct(req.params.id)),
  );
  app.post(
    '/ccms/product',
    {
      config: { permission: ProductPerm.add, log: log('product', BusinessType.INSERT) },
      schema: { summary: 'Create a product', tags: ['content/product'], body: ProductBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.addProduct(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/product',
    {
      config: { permission: ProductPerm.edit, log: log('product', BusinessType.UPDATE) },
      schema: { summary: 'Update a product', tags: ['content/product'], body: ProductUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.editProduct(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/product/:ids',
    {
      config: { permission: ProductPerm.remove, log: log('product', BusinessType.DELETE) },
      schema: { summary: 'Delete products', tags: ['content/product'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.removeProducts(req.params.ids);
      return done();
    },
  );
  app.post(
    '/ccms/product/export',
    {
      config: { permission: ProductPerm.export, log: log('product', BusinessType.EXPORT) },
      schema: {
        summary: 'Export products as an Excel workbook',
        tags: ['content/product'],
        body: ProductQuery.omit({ pageNum: true, pageSize: true }).optional(),
        response: { 200: Xlsx },
      },
    },
    async (req, reply) => sendXlsx(reply, 'product.xlsx', await products.exportProducts(req.body ?? {}, req.lang)),
  );
  app.post(
    '/ccms/product/importData',
    {
      config: { permission: ProductPerm.import, log: log('product', BusinessType.IMPORT) },
      schema: {
        summary: 'Import products from an Excel workbook (multipart)',
        tags: ['content/product'],
        querystring: z.object({ updateSupport: z.enum(['true', 'false']).optional() }),
        response: { 200: ImportResult },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('product.needsExcel');
      const file = await readWorkbook(req);
      return ok(await products.importProducts(caller(req), file, req.query.updateSupport === 'true'));
    },
  );

  app.get(
    '/ccms/property/list',
    {
      config: { permission: PropertyPerm.list },
      schema: {
        summary: 'List product properties with their values',
        tags: ['content/property'],
        querystring: PropertyQuery,
        response: { 200: rowsOf(Property) },
      },
    },
    async (req) => rows(await products.listProperties(req.query)),
  );
  app.post(
    '/ccms/property',
    {
      config: { permission: PropertyPerm.add, log: log('property', BusinessType.INSERT) },
      schema: { summary: 'Create a product property', tags: ['content/property'], body: PropertyBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.addProperty(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/property',
    {
      config: { permission: PropertyPerm.edit, log: log('property', BusinessType.UPDATE) },
      schema: { summary: 'Update a product property', tags: ['content/property'], body: PropertyUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.editProperty(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/property/:ids',
    {
      config: { permission: PropertyPerm.remove, log: log('property', BusinessType.DELETE) },
      schema: { summary: 'Delete product properties', tags: ['content/property'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.removeProperties(req.params.ids);
      return done();
    },
  );
  app.post(
    '/ccms/property/value',
    {
      config: { permission: PropertyPerm.edit, log: log('property', BusinessType.INSERT) },
      schema: { summary: 'Add a value to a product property', tags: ['content/property'], body: PropertyValueBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.addValue(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/property/value',
    {
      config: { permission: PropertyPerm.edit, log: log('property', BusinessType.UPDATE) },
      schema: { summary: 'Update a product property value', tags: ['content/property'], body: PropertyValueUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.editValue(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/property/value/:ids',
    {
      config: { permission: PropertyPerm.edit, log: log('property', BusinessType.DELETE) },
      schema: { summary: 'Delete product property values', tags: ['content/property'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await products.removeValues(req.params.ids);
      return done();
    },
  );
};
