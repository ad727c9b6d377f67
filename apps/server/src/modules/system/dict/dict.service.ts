import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type {
  DictDataBody,
  DictDataFilter,
  DictDataQuery,
  DictDataUpdate,
  DictItem,
  DictTypeBody,
  DictTypeFilter,
  DictTypeQuery,
  DictTypeUpdate,
} from '@ccms/contracts/system/dict';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDictData, sysDictType } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { DICT_CACHE_PREFIX } from '../../../platform/cache/keys';
import { type CacheStore, cached, invalidate } from '../../../platform/cache/store';
import { badRequest, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { dataColumns, typeColumns } from './dict.excel';
import {
  allDictData,
  allDictTypes,
  dictTypesByIds,
  enabledItemsOf,
  findDictData,
  findDictType,
  findDictTypeByKey,
  findTypeClash,
  findValueClash,
  firstTypeWithData,
  listDictData,
  listDictTypes,
} from './dict.queries';

/** Dictionary types and their data (RuoYi's SysDictTypeController and SysDictDataController). */
interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The enabled items of each type are cached (the web asks for them on nearly every page); any
 * write to a type or its data drops the whole dictionary cache, as does refreshCache.
 */
export function dictService(db: Db, cache: CacheStore, log?: Log) {
  const dropCache = () => invalidate(cache, DICT_CACHE_PREFIX, log);
  const enabledOf = (dictType: string) =>
    cached(
      cache,
      DICT_CACHE_PREFIX + dictType,
      async () =>
        (await enabledItemsOf(db, dictType)).map((r) => ({
          dictCode: r.dictCode,
          dictSort: r.dictSort,
          dictLabel: r.dictLabel,
          dictLabelEn: r.dictLabelEn,
          dictValue: r.dictValue,
          dictType: r.dictType,
          listClass: r.listClass,
          cssClass: r.cssClass,
          isDefault: r.isDefault,
        })),
      log,
    );
  async function assertTypeUnique(body: DictTypeBody, exceptId?: number) {
    if (await findTypeClash(db, body.dictType, exceptId)) throw badRequest('dict.typeExists', { name: body.dictName, type: body.dictType });
  }

  async function assertDataValid(body: DictDataBody, exceptCode?: number) {
    if (!(await findDictTypeByKey(db, body.dictType))) throw badRequest('dict.typeMissing', { type: body.dictType });
    if (await findValueClash(db, body.dictType, body.dictValue, exceptCode))
      throw badRequest('dict.valueExists', { type: body.dictType, value: body.dictValue });
  }

  return {
    types: {
      list: (q: DictTypeQuery) => listDictTypes(db, q),
      options: () => allDictTypes(db),

      async get(dictId: number) {
        const row = await findDictType(db, dictId);
        if (!row) throw notFound('notFound.row', { what: `dict type ${dictId}` });
        return row;
      },

      async create(auth: AuthContext, body: DictTypeBody) {
        await assertTypeUnique(body);
        await db.insert(sysDictType).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
        await dropCache();
      },

      /** Renaming a type carries its data rows along in the same transaction. */
      async update(auth: AuthContext, body: DictTypeUpdate) {
        const { dictId, ...fields } = body;
        const current = await findDictType(db, dictId);
        if (!current) throw notFound('notFound.row', { what: `dict type ${dictId}` });
        await assertTypeUnique(fields, dictId);
        await db.transaction(async (tx) => {
          if (current.dictType !== fields.dictType) {
            await tx.update(sysDictData).set({ dictType: fields.dictType }).where(eq(sysDictData.dictType, current.dictType));
          }
          await tx
            .update(sysDictType)
            .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
            .where(eq(sysDictType.dictId, dictId));
        });
        await dropCache();
      },

      /** A type that still has data is refused, and then nothing is deleted. */
      async remove(dictIds: number[]) {
        const types = await dictTypesByIds(db, dictIds);
        const used = await firstTypeWithData(
          db,
          types.map((t) => t.dictType),
        );
        if (used) throw badRequest('dict.typeInUse', { name: types.find((t) => t.dictType === used)?.dictName ?? used });
        await db.delete(sysDictType).where(inArray(sysDictType.dictId, dictIds));
        await dropCache();
      },

      export: async (q: DictTypeFilter, lang: Language) => toXlsx(translate(lang, 'dictType.excel.sheet'), typeColumns(lang), await allDictTypes(db, q), lang),
    },

    data: {
      list: (q: DictDataQuery) => listDictData(db, q),

      async get(dictCode: number) {
        const row = await findDictData(db, dictCode);
        if (!row) throw notFound('notFound.row', { what: `dict data ${dictCode}` });
        return row;
      },

      /** The enabled items of a type, labelled in the caller's language (Chinese when no English label is set). */
      async itemsOf(dictType: string, lang: Language): Promise<DictItem[]> {
        const rows = await enabledOf(dictType);
        return rows.map((r) => ({
          dictCode: r.dictCode,
          dictSort: r.dictSort,
          dictLabel: lang === 'en' && r.dictLabelEn ? r.dictLabelEn : r.dictLabel,
          dictLabelZh: r.dictLabel,
          dictLabelEn: r.dictLabelEn,
          dictValue: r.dictValue,
          dictType: r.dictType,
          listClass: r.listClass,
          cssClass: r.cssClass,
          isDefault: r.isDefault,
        }));
      },

      async create(auth: AuthContext, body: DictDataBody) {
        await assertDataValid(body);
        await db.insert(sysDictData).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
        await dropCache();
      },

      async update(auth: AuthContext, body: DictDataUpdate) {
        const { dictCode, ...fields } = body;
        if (!(await findDictData(db, dictCode))) throw notFound('notFound.row', { what: `dict data ${dictCode}` });
        await assertDataValid(fields, dictCode);
        await db
          .update(sysDictData)
          .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
          .where(eq(sysDictData.dictCode, dictCode));
        await dropCache();
      },

      remove: async (dictCodes: number[]) => {
        await db.delete(sysDictData).where(inArray(sysDictData.dictCode, dictCodes));
        await dropCache();
      },

      export: async (q: DictDataFilter, lang: Language) => toXlsx(translate(lang, 'dictData.excel.sheet'), dataColumns(lang), await allDictData(db, q), lang),
    },

    /** Drops the dictionary cache: the next request of each type reads the database. */
    refreshCache: dropCache,
  };
}
