import {
  type DataPropertyBody,
  type DataPropertyUpdate,
  FILTER_TYPES,
  type PublishConfigBody,
  type PublishConfigUpdate,
  type SettingBody,
  type SettingUpdate,
  VARIABLE_TYPES,
} from '@ccms/contracts/content/library-config';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibraryDataProperty, ccmsLibrarySetting, ccmsPublishConfig } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { assertLibraryAccess } from '../library/library-access';
import { repoPath } from '../shared/repo-path';
import {
  filterGroupExists,
  findDataProperty,
  findPublishConfig,
  findSetting,
  findSettingClash,
  firstMissing,
  listDataProperties,
  listPublishConfigs,
  listSettings,
  productExists,
  type SettingKind,
  settingsByIds,
} from './library-config.queries';

const TYPES: Record<SettingKind, readonly string[]> = { variable: VARIABLE_TYPES, filter: FILTER_TYPES };

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The applicability properties (ACT product attributes, CCT conditions) a library's filters may name,
 * or null when the library's standard filters by DITAVAL attributes (any name).
 */
export type FilterProperties = (auth: AuthContext, libraryId: number) => Promise<ReadonlySet<string> | null>;

/** Variables, filters, data property config and publish config of a library: read to see, admin or owner to change. */
export function libraryConfigService(db: Db, filterProperties?: FilterProperties) {
  const canRead = (auth: AuthContext, libraryId: number) => assertLibraryAccess(db, auth, libraryId, 'read');
  const canConfigure = (auth: AuthContext, libraryId: number) => assertLibraryAccess(db, auth, libraryId, 'configure');

  async function checkSetting(auth: AuthContext, kind: SettingKind, body: SettingBody, exceptId?: number) {
    if (!TYPES[kind].includes(body.type)) throw badRequest('field.invalidValue', { field: 'type', options: TYPES[kind].join(', ') });
    if (kind === 'filter' && filterProperties) {
      // An S1000D library filters by its applicability properties: a name its ACT and CCT do not declare would filter nothing.
      const known = await filterProperties(auth, body.libraryId);
      if (known && !known.has(body.name)) throw badRequest('setting.propertyUnknown', { field: 'name', name: body.name, names: [...known].join(', ') });
    }
    if (!(await productExists(db, body.product))) throw badRequest('product.missing', { name: body.product });
    if (await findSettingClash(db, kind, body, exceptId)) throw badRequest('setting.exists', { name: body.name, group: body.group });
  }

  async function checkProduct(product: string) {
    if (product && !(await productExists(db, product))) throw badRequest('product.missing', { name: product });
  }

  async function checkPublish(body: PublishConfigBody, exceptId?: number) {
    const clash = await findPublishConfig(
      db,
      and(
        eq(ccmsPublishConfig.libraryId, body.libraryId),
        eq(ccmsPublishConfig.configName, body.configName),
        exceptId ? ne(ccmsPublishConfig.configId, exceptId) : undefined,
      ) ?? eq(ccmsPublishConfig.configId, 0),
    );
    if (clash) throw badRequest('publish.nameExists', { name: body.configName });
    await checkProduct(body.product);
    if (body.filterGroup && !(await filterGroupExists(db, body.libraryId, body.filterGroup)))
      throw badRequest('setting.groupMissing', { group: body.filterGroup });
    const user = await firstMissing(db, 'user', body.readerUserIds);
    if (user !== undefined) throw badRequest('publish.userMissing', { id: user });
    const role = await firstMissing(db, 'role', body.readerRoleIds);
    if (role !== undefined) throw badRequest('publish.roleMissing', { id: role });
    return body.publishPath === 'path' ? repoPath(body.publishDir, 'publishDir') : '';
  }

  return {
    async listSettings(auth: AuthContext, kind: SettingKind, q: { libraryId: number; group?: string; product?: string }) {
      await canRead(auth, q.libraryId);
      return listSettings(db, kind, q);
    },
    async addSetting(auth: AuthContext, kind: SettingKind, body: SettingBody) {
      await canConfigure(auth, body.libraryId);
      await checkSetting(auth, kind, body);
      await db.insert(ccmsLibrarySetting).values({ ...body, kind, groupName: body.group, createBy: auth.userName });
    },
    async editSetting(auth: AuthContext, kind: SettingKind, body: SettingUpdate) {
      const row = await findSetting(db, kind, body.settingId);
      if (!row) throw notFound('notFound.row', { what: `${kind} ${body.settingId}` });
      await canConfigure(auth, row.libraryId);
      await checkSetting(auth, kind, { ...body, libraryId: row.libraryId }, body.settingId);
      await db
        .update(ccmsLibrarySetting)
        .set({
          groupName: body.group,
          name: body.name,
          type: body.type,
          value: body.value,
          product: body.product,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(eq(ccmsLibrarySetting.settingId, body.settingId));
    },
    async removeSettings(auth: AuthContext, kind: SettingKind, ids: number[]) {
      const rows = await settingsByIds(db, kind, ids);
      if (rows.length !== ids.length) throw notFound('notFound.row', { what: `${kind} ${ids.join(',')}` });
      for (const libraryId of new Set(rows.map((r) => r.libraryId))) await canConfigure(auth, libraryId);
      await db.delete(ccmsLibrarySetting).where(inArray(ccmsLibrarySetting.settingId, ids));
    },

    /** A filter group as a DITAVAL file: one prop per filter (name is the attribute, value its value). */
    async ditaval(auth: AuthContext, libraryId: number, group: string) {
      await canRead(auth, libraryId);
      const filters = await listSettings(db, 'filter', { libraryId, group });
      if (filters.length === 0) throw badRequest('setting.groupMissing', { group });
      const props = filters.map((f) => `  <prop att="${xmlAttr(f.name)}" val="${xmlAttr(f.value)}" action="${xmlAttr(f.type)}"/>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<val>\n${props.join('\n')}\n</val>\n`;
    },

    async listDataProperties(auth: AuthContext, libraryId: number) {
      await canRead(auth, libraryId);
      return listDataProperties(db, libraryId);
    },
    /** The attribute config of one product; "Data attributes not configured yet." when there is none. */
    async dataPropertyOf(auth: AuthContext, libraryId: number, product: string) {
      await canRead(auth, libraryId);
      const [row] = await listDataProperties(db, libraryId, product);
      if (!row) throw notFound('dataProperty.notConfigured');
      return row;
    },
    async addDataProperty(auth: AuthContext, body: DataPropertyBody) {
      await canConfigure(auth, body.libraryId);
      if (!(await productExists(db, body.product))) throw badRequest('product.missing', { name: body.product });
      const clash = await findDataProperty(
        db,
        and(eq(ccmsLibraryDataProperty.libraryId, body.libraryId), eq(ccmsLibraryDataProperty.product, body.product)) ??
          eq(ccmsLibraryDataProperty.configId, 0),
      );
      if (clash) throw badRequest('dataProperty.exists');
      await db.insert(ccmsLibraryDataProperty).values({ ...body, createBy: auth.userName });
    },
    async editDataProperty(auth: AuthContext, body: DataPropertyUpdate) {
      const row = await findDataProperty(db, eq(ccmsLibraryDataProperty.configId, body.configId));
      if (!row) throw notFound('notFound.row', { what: `data property config ${body.configId}` });
      await canConfigure(auth, row.libraryId);
      if (!(await productExists(db, body.product))) throw badRequest('product.missing', { name: body.product });
      const clash = await findDataProperty(
        db,
        and(
          eq(ccmsLibraryDataProperty.libraryId, row.libraryId),
          eq(ccmsLibraryDataProperty.product, body.product),
          ne(ccmsLibraryDataProperty.configId, body.configId),
        ) ?? eq(ccmsLibraryDataProperty.configId, 0),
      );
      if (clash) throw badRequest('dataProperty.exists');
      const { configId, libraryId: _ignored, ...fields } = body;
      await db
        .update(ccmsLibraryDataProperty)
        .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsLibraryDataProperty.configId, configId));
    },
    async removeDataProperties(auth: AuthContext, ids: number[]) {
      const rows = await db.select().from(ccmsLibraryDataProperty).where(inArray(ccmsLibraryDataProperty.configId, ids));
      if (rows.length !== ids.length) throw notFound('notFound.row', { what: `data property config ${ids.join(',')}` });
      for (const libraryId of new Set(rows.map((r) => r.libraryId))) await canConfigure(auth, libraryId);
      await db.delete(ccmsLibraryDataProperty).where(inArray(ccmsLibraryDataProperty.configId, ids));
    },

    async listPublishConfigs(auth: AuthContext, libraryId: number) {
      await canRead(auth, libraryId);
      return listPublishConfigs(db, libraryId);
    },
    async addPublishConfig(auth: AuthContext, body: PublishConfigBody) {
      await canConfigure(auth, body.libraryId);
      const publishDir = await checkPublish(body);
      await db.insert(ccmsPublishConfig).values({ ...body, readersOnly: body.readersOnly ?? false, publishDir, createBy: auth.userName });
    },
    async editPublishConfig(auth: AuthContext, body: PublishConfigUpdate) {
      const row = await findPublishConfig(db, eq(ccmsPublishConfig.configId, body.configId));
      if (!row) throw notFound('notFound.row', { what: `publish config ${body.configId}` });
      await canConfigure(auth, row.libraryId);
      const publishDir = await checkPublish({ ...body, libraryId: row.libraryId }, body.configId);
      const { configId, libraryId: _ignored, readersOnly, ...rest } = body;
      // An edit that leaves readersOnly out keeps it; a closed output still needs readers.
      const closed = readersOnly ?? row.readersOnly;
      if (closed && body.readerUserIds.length + body.readerRoleIds.length === 0) throw badRequest('field.required', { field: 'readerUserIds' });
      const fields = { ...rest, readersOnly: closed };
      await db
        .update(ccmsPublishConfig)
        .set({ ...fields, publishDir, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsPublishConfig.configId, configId));
    },
    async removePublishConfigs(auth: AuthContext, ids: number[]) {
      const rows = await db.select().from(ccmsPublishConfig).where(inArray(ccmsPublishConfig.configId, ids));
      if (rows.length !== ids.length) throw notFound('notFound.row', { what: `publish config ${ids.join(',')}` });
      for (const libraryId of new Set(rows.map((r) => r.libraryId))) await canConfigure(auth, libraryId);
      await db.delete(ccmsPublishConfig).where(inArray(ccmsPublishConfig.configId, ids));
    },
  };
}
