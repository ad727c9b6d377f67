import type { Language } from '@ccms/contracts/constants';
import {
  ProductBody,
  type ProductQuery,
  type ProductUpdate,
  type PropertyBody,
  type PropertyQuery,
  type PropertyUpdate,
  type PropertyValueBody,
  type PropertyValueUpdate,
} from '@ccms/contracts/content/product';
import { translate } from '@ccms/contracts/messages';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProduct, ccmsProperty, ccmsPropertyValue } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { readXlsx, toXlsx } from '../../../platform/http/excel';
import { type ProductRow, productColumns } from './product.excel';
import { allProducts, findProduct, findProperty, findValue, listProducts, listProperties, productNameClash } from './product.queries';

/** Products, properties and their key/value pairs (the property value management screen). */
export function productService(db: Db) {
  return {
    listProducts: (q: ProductQuery) => listProducts(db, q),
    productOptions: () => allProducts(db, { status: '0' }),
    async getProduct(productId: number) {
      const row = await findProduct(db, eq(ccmsProduct.productId, productId));
      if (!row) throw notFound('notFound.row', { what: `product ${productId}` });
      return row;
    },
    async addProduct(auth: AuthContext, body: ProductBody) {
      if (await productNameClash(db, body.productName)) throw badRequest('product.nameExists');
      await db.insert(ccmsProduct).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
    },
    async editProduct(auth: AuthContext, body: ProductUpdate) {
      if (!(await findProduct(db, eq(ccmsProduct.productId, body.productId)))) throw notFound('notFound.row', { what: `product ${body.productId}` });
      if (await productNameClash(db, body.productName, body.productId)) throw badRequest('product.nameExists');
      const { productId, ...fields } = body;
      await db
        .update(ccmsProduct)
        .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsProduct.productId, productId));
    },
    removeProducts: (ids: number[]) => db.delete(ccmsProduct).where(inArray(ccmsProduct.productId, ids)),

    exportProducts: async (q: Partial<ProductQuery>, lang: Language) =>
      toXlsx(translate(lang, 'product.excel.sheet'), productColumns, await allProducts(db, q), lang),

    /** Rows of an .xlsx: every row checked first (a 400 names the row), then added or, with updateSupport, updated. */
    async importProducts(auth: AuthContext, file: { filename: string; buffer: Buffer }, updateSupport: boolean) {
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('product.needsExcel');
      let records: Awaited<ReturnType<typeof readXlsx<ProductRow>>>;
      try {
        records = await readXlsx(file.buffer, productColumns);
      } catch {
        throw badRequest('product.needsExcel');
      }
      const bodies = records.map((r, i) => {
        const parsed = ProductBody.safeParse({
          productName: r.productName ?? '',
          displayName: r.displayName ?? '',
          status: r.status || '0',
          remark: r.remark ?? '',
        });
        if (!parsed.success) {
          const field = String(parsed.error.issues[0]?.path[0] ?? 'productName');
          throw badRequest(parsed.error.issues[0]?.message === 'product.nameFormat' ? 'product.nameFormat' : 'field.invalid', {
            field: `row ${i + 2} ${field}`,
          });
        }
        return parsed.data;
      });
      const seen = new Set<string>();
      for (const b of bodies) {
        if (seen.has(b.productName)) throw badRequest('product.nameExists');
        seen.add(b.productName);
      }
      return db.transaction(async (tx) => {
        let added = 0;
        let updated = 0;
        for (const b of bodies) {
          const [existing] = await tx.select().from(ccmsProduct).where(eq(ccmsProduct.productName, b.productName));
          if (existing && !updateSupport) throw badRequest('product.nameExists');
          if (existing) {
            await tx
              .update(ccmsProduct)
              .set({ ...b, remark: b.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
              .where(eq(ccmsProduct.productId, existing.productId));
            updated++;
          } else {
            await tx.insert(ccmsProduct).values({ ...b, remark: b.remark ?? '', createBy: auth.userName });
            added++;
          }
        }
        return { added, updated };
      });
    },

    listProperties: (q: PropertyQuery) => listProperties(db, q),
    async addProperty(auth: AuthContext, body: PropertyBody) {
      if (await findProperty(db, eq(ccmsProperty.propertyName, body.propertyName))) throw badRequest('property.exists');
      await db.insert(ccmsProperty).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
    },
    async editProperty(auth: AuthContext, body: PropertyUpdate) {
      if (!(await findProperty(db, eq(ccmsProperty.propertyId, body.propertyId)))) throw notFound('notFound.row', { what: `property ${body.propertyId}` });
      if (
        await findProperty(
          db,
          and(eq(ccmsProperty.propertyName, body.propertyName), ne(ccmsProperty.propertyId, body.propertyId)) ?? eq(ccmsProperty.propertyId, 0),
        )
      )
        throw badRequest('property.exists');
      await db
        .update(ccmsProperty)
        .set({ propertyName: body.propertyName, remark: body.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsProperty.propertyId, body.propertyId));
    },
    async removeProperties(ids: number[]) {
      await db.transaction(async (tx) => {
        await tx.delete(ccmsPropertyValue).where(inArray(ccmsPropertyValue.propertyId, ids));
        await tx.delete(ccmsProperty).where(inArray(ccmsProperty.propertyId, ids));
      });
    },
    async addValue(auth: AuthContext, body: PropertyValueBody) {
      if (!(await findProperty(db, eq(ccmsProperty.propertyId, body.propertyId)))) throw notFound('notFound.row', { what: `property ${body.propertyId}` });
      if (
        await findValue(
          db,
          and(eq(ccmsPropertyValue.propertyId, body.propertyId), eq(ccmsPropertyValue.propertyKey, body.propertyKey)) ?? eq(ccmsPropertyValue.valueId, 0),
        )
      )
        throw badRequest('property.keyExists');
      await db.insert(ccmsPropertyValue).values({ ...body, createBy: auth.userName });
    },
    async editValue(auth: AuthContext, body: PropertyValueUpdate) {
      const row = await findValue(db, eq(ccmsPropertyValue.valueId, body.valueId));
      if (!row) throw notFound('notFound.row', { what: `property value ${body.valueId}` });
      const clash = await findValue(
        db,
        and(
          eq(ccmsPropertyValue.propertyId, body.propertyId),
          eq(ccmsPropertyValue.propertyKey, body.propertyKey),
          ne(ccmsPropertyValue.valueId, body.valueId),
        ) ?? eq(ccmsPropertyValue.valueId, 0),
      );
      if (clash) throw badRequest('property.keyExists');
      const { valueId, ...fields } = body;
      await db
        .update(ccmsPropertyValue)
        .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsPropertyValue.valueId, valueId));
    },
    removeValues: (ids: number[]) => db.delete(ccmsPropertyValue).where(inArray(ccmsPropertyValue.valueId, ids)),
  };
}
