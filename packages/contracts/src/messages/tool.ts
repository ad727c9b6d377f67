/** The code generator's messages, in both languages. */
export const toolMessages = {
  zh: {
    'gen.noTables': '请选择要导入的表',
    'gen.tableMissing': '数据库中不存在表“{name}”',
    'gen.tableImported': '表“{name}”已导入',
    'gen.columnNotOfTable': '字段 {id} 不属于表“{table}”',
    'gen.treeParentMissing': '树表模板须选择父编号字段（treeParentColumn）',
    'gen.subTableMissing': '主子表模板的子表“{name}”不存在（subTableName）',
    'gen.subFkMissing': '子表中不存在外键字段“{name}”（subTableFkName）',
    'gen.propNameTwice': '字段属性名“{name}”重复（propName）',
  },
  en: {
    'gen.noTables': 'Choose the tables to import',
    'gen.tableMissing': 'The database has no table "{name}"',
    'gen.tableImported': 'The table "{name}" is imported already',
    'gen.columnNotOfTable': 'Column {id} is not a column of the table "{table}"',
    'gen.treeParentMissing': 'The tree template needs the parent id column (treeParentColumn)',
    'gen.subTableMissing': 'The detail table "{name}" of the master-detail template does not exist (subTableName)',
    'gen.subFkMissing': 'The detail table has no foreign key column "{name}" (subTableFkName)',
    'gen.propNameTwice': 'The field name "{name}" is used twice (propName)',
  },
} as const;
