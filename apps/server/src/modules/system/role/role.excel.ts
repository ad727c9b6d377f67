import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { sysRole } from '../../../db/schema';
import type { ExcelColumn } from '../../../platform/http/excel';

/** The role export's columns; data scope and status as their labels in the caller's language. */
export function roleColumns(lang: Language): ExcelColumn<typeof sysRole.$inferSelect>[] {
  return [
    { key: 'roleId', header: 'role.excel.roleId' },
    { key: 'roleName', header: 'role.excel.roleName' },
    { key: 'roleKey', header: 'role.excel.roleKey' },
    { key: 'roleSort', header: 'role.excel.roleSort' },
    { key: 'dataScope', header: 'role.excel.dataScope', width: 24, format: (v) => translate(lang, `role.scope.${String(v)}`) },
    { key: 'status', header: 'role.excel.status', format: (v) => translate(lang, `role.status.${String(v)}`) },
  ];
}
