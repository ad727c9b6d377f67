import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsProduct, ccmsPropertyValue } from '../../../db/schema';
import { toXlsx } from '../../../platform/http/excel';
import { multipart, userWith } from '../content-test-kit';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const products = () => t.database.db.select().from(ccmsProduct);

describe('products', () => {
  it('takes letters, digits and underscores only, refuses a duplicate name, writing nothing', async () => {
    const bad = await admin.post('/prod-api/ccms/product', { productName: 'A-320', displayName: 'x' });
    expect(bad.body.msg).toBe('Product name may hold only letters, numbers and underscores');
    expect((await admin.post('/prod-api/ccms/product', { productName: 'A320', displayName: '' })).body.msg).toBe('Display name is required');
    expect(await products()).toHaveLength(0);
    expect((await admin.post('/prod-api/ccms/product', { productName: 'A320_neo', displayName: 'A320 neo' })).body.code).toBe(200);
    expect((await admin.post('/prod-api/ccms/product', { productName: 'A320_neo', displayName: 'again' })).body.msg).toBe('The product name already exists!');
    expect(await products()).toHaveLength(1);
    const list = await admin.get('/prod-api/ccms/product/list');
    expect(list.body).toMatchObject({ total: 1, rows: [{ productName: 'A320_neo', displayName: 'A320 neo' }] });
    // The filters take a typed % or _ as itself.
    expect((await admin.get('/prod-api/ccms/product/list', { productName: '0_n' })).body.total).toBe(1);
    expect((await admin.get('/prod-api/ccms/product/list', { productName: '0%n' })).body.total).toBe(0);
    expect((await admin.get('/prod-api/ccms/product/list', { displayName: '%' })).body.total).toBe(0);
  });

  it('imports from Excel only, and exports', async () => {
    const notExcel = await admin.request({
      method: 'POST',
      url: '/prod-api/ccms/product/importData',
      ...multipart({}, [{ filename: 'p.csv', content: 'a,b' }]),
    });
    expect(notExcel.body.msg).toBe('Please upload an Excel file (.xlsx)');
    const fake = await admin.request({
      method: 'POST',
      url: '/prod-api/ccms/product/importData',
      ...multipart({}, [{ filename: 'p.xlsx', content: 'not a workbook' }]),
    });
    expect(fake.body.msg).toBe('Please upload an Excel file (.xlsx)');
    const columns = [
      { key: 'productName' as const, header: 'product.excel.productName' as const },
      { key: 'displayName' as const, header: 'product.excel.displayName' as const },
    ];
    const book = await toXlsx(
      'p',
      columns,
      [
        { productName: 'B777', displayName: 'B777' },
        { productName: 'A320_neo', displayName: 'Renamed' },
      ],
      'en',
    );
    const clash = await admin.request({ method: 'POST', url: '/prod-api/ccms/product/importData', ...multipart({}, [{ filename: 'p.xlsx', content: book }]) });
    expect(clash.body.msg).toBe('The product name already exists!');
    expect(await products()).toHaveLength(1);
    const ok = await admin.request({
      method: 'POST',
      url: '/prod-api/ccms/product/importData?updateSupport=true',
      ...multipart({}, [{ filename: 'p.xlsx', content: book }]),
    });
    expect(ok.body.data).toEqual({ added: 1, updated: 1 });
    const exported = await t.app.inject({
      method: 'POST',
      url: '/prod-api/ccms/product/export',
      payload: {},
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('needs the product permissions', async () => {
    const nobody = await userWith(t, 'prodnone', []);
    expect((await nobody.caller.get('/prod-api/ccms/product/list')).status).toBe(403);
    expect((await nobody.caller.post('/prod-api/ccms/product', { productName: 'X', displayName: 'X' })).status).toBe(403);
    const lister = await userWith(t, 'prodlist', ['ccms:product:list']);
    expect((await lister.caller.get('/prod-api/ccms/product/list')).status).toBe(200);
    expect((await lister.caller.post('/prod-api/ccms/product', { productName: 'X', displayName: 'X' })).status).toBe(403);
  });
});

describe('properties and values', () => {
  it('refuses a duplicate property and a duplicate key', async () => {
    expect((await admin.post('/prod-api/ccms/property', { propertyName: 'audience' })).body.code).toBe(200);
    expect((await admin.post('/prod-api/ccms/property', { propertyName: 'audience' })).body.msg).toBe('The property already exists!');
    const [property] = (await admin.get('/prod-api/ccms/property/list')).body.rows;
    const value = { propertyId: property.propertyId, propertyKey: 'pilot', propertyValue: 'Pilot' };
    expect((await admin.post('/prod-api/ccms/property/value', { ...value, propertyValue: '' })).body.msg).toBe('Property value is required');
    expect((await admin.post('/prod-api/ccms/property/value', value)).body.code).toBe(200);
    expect((await admin.post('/prod-api/ccms/property/value', { ...value, propertyValue: 'Other' })).body.msg).toBe('The Key already exists!');
    expect(await t.database.db.select().from(ccmsPropertyValue)).toHaveLength(1);
    const list = await admin.get('/prod-api/ccms/property/list');
    expect(list.body.rows[0]).toMatchObject({ propertyName: 'audience', values: [{ propertyKey: 'pilot', propertyValue: 'Pilot' }] });
  });
});
