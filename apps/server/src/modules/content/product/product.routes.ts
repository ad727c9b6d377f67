import { ProductApi } from '@ccms/contracts/content/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readWorkbook } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { productService } from './product.service';

const log = (title: string, businessType: BusinessType) => ({ log: { title, businessType } });

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = productService(app.db);

  app.route({ ...routeOf(ProductApi.list), handler: async (req) => rows(await products.listProducts(req.query)) });
  app.route({ ...routeOf(ProductApi.options), handler: async () => ok(await products.productOptions()) });
  app.route({ ...routeOf(ProductApi.get), handler: async (req) => ok(await products.getProduct(req.params.id)) });
  app.route({
    ...routeOf(ProductApi.add, log('product', BusinessType.INSERT)),
    handler: async (req) => {
      await products.addProduct(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.edit, log('product', BusinessType.UPDATE)),
    handler: async (req) => {
      await products.editProduct(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.remove, log('product', BusinessType.DELETE)),
    handler: async (req) => {
      await products.removeProducts(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.export, log('product', BusinessType.EXPORT)),
    handler: async (req, reply) => sendXlsx(reply, 'product.xlsx', await products.exportProducts(req.body ?? {}, req.lang)),
  });
  app.route({
    ...routeOf(ProductApi.import, log('product', BusinessType.IMPORT)),
    handler: async (req) => {
      if (!req.isMultipart()) throw badRequest('product.needsExcel');
      const file = await readWorkbook(req);
      return ok(await products.importProducts(caller(req), file, req.query.updateSupport === 'true'));
    },
  });

  app.route({ ...routeOf(ProductApi.propertyList), handler: async (req) => rows(await products.listProperties(req.query)) });
  app.route({
    ...routeOf(ProductApi.addProperty, log('property', BusinessType.INSERT)),
    handler: async (req) => {
      await products.addProperty(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.editProperty, log('property', BusinessType.UPDATE)),
    handler: async (req) => {
      await products.editProperty(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.removeProperties, log('property', BusinessType.DELETE)),
    handler: async (req) => {
      await products.removeProperties(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.addValue, log('property', BusinessType.INSERT)),
    handler: async (req) => {
      await products.addValue(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.editValue, log('property', BusinessType.UPDATE)),
    handler: async (req) => {
      await products.editValue(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProductApi.removeValues, log('property', BusinessType.DELETE)),
    handler: async (req) => {
      await products.removeValues(req.params.ids);
      return done();
    },
  });
};
