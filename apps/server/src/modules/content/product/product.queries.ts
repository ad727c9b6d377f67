import type { ProductQuery, PropertyQuery } from '@ccms/contracts/content/product';
import { and, asc, count, eq, inArray, like, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProduct, ccmsProperty, ccmsPropertyValue } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const productSortable = { productName: ccmsProduct.productName, displayName: ccmsProduct.displayName, createTime: ccmsProduct.createTime };

function productFilters(q: Partial<ProductQuery>): SQL | undefined {
  return and(
    q.productName ? like(ccmsProduct.productName, containing(q.productName)) : undefined,
    q.displayName ? like(ccmsProduct.displayName, containing(q.displayName)) : undefined,
    q.status ? eq(ccmsProduct.status, q.status) : undefined,
  );
}

export async function listProducts(db: Db, q: ProductQuery) {
  const where = productFilters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ccmsProduct)
      .where(where)
      .orderBy(...orderBy(q, productSortable, asc(ccmsProduct.productName)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsProduct).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allProducts = (db: Db, q: Partial<ProductQuery> = {}) =>
  db.select().from(ccmsProduct).where(productFilters(q)).orderBy(asc(ccmsProduct.productName));

export async function findProduct(db: Db, where: SQL) {
  const [row] = await db.select().from(ccmsProduct).where(where);
  return row;
}

export const productNameClash = (db: Db, name: string, exceptId?: number) =>
  findProduct(db, and(eq(ccmsProduct.productName, name), exceptId ? ne(ccmsProduct.productId, exceptId) : undefined) ?? eq(ccmsProduct.productId, 0));

export async function listProperties(db: Db, q: PropertyQuery) {
  const where = q.propertyName ? like(ccmsProperty.propertyName, containing(q.propertyName)) : undefined;
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(ccmsProperty).where(where).orderBy(asc(ccmsProperty.propertyName)).limit(limit).offset(offset),
    db.select({ n: count() }).from(ccmsProperty).where(where),
  ]);
  const values =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(ccmsPropertyValue)
          .where(
            inArray(
              ccmsPropertyValue.propertyId,
              rows.map((r) => r.propertyId),
            ),
          )
          .orderBy(asc(ccmsPropertyValue.orderNum), asc(ccmsPropertyValue.propertyKey));
  return { rows: rows.map((r) => ({ ...r, values: values.filter((v) => v.propertyId === r.propertyId) })), total: total?.n ?? 0 };
}

export async function findProperty(db: Db, where: SQL) {
  const [row] = await db.select().from(ccmsProperty).where(where);
  return row;
}

export async function findValue(db: Db, where: SQL) {
  const [row] = await db.select().from(ccmsPropertyValue).where(where);
  return row;
}
