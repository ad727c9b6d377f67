/** Names a generated module uses, from the table's and the user's settings. */

/** snake_case or kebab-case to camelCase: "sys_user_name" → "sysUserName". */
export const camel = (s: string) => s.toLowerCase().replace(/[_-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** camelCase to PascalCase. */
export const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** camelCase to kebab-case: "widgetPart" → "widget-part". */
export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
/** Words of a column name, for an English label: "create_time" → "Create time". */
export const words = (s: string) => {
  const text = s
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The entity name from a table name, without the usual prefixes: "ccms_widget_part" → "widgetPart". */
export const entityOf = (tableName: string) => camel(tableName.replace(/^(ccms|sys|tb|t)_/, ''));
