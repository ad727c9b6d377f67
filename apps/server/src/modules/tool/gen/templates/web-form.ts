import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm, tsString as q } from '../gen.literal';
import { camelDict, type TemplateColumn, type TemplateContext } from './context';

/** The add/edit dialog on FormDialog, its rules from the contract (and the detail rows as a form list). */
export function formDialogFile(ctx: TemplateContext): GenFile {
  const { columns, e, E, k, area, pk, writable, tree, sub, fn, subLabel } = ctx;
  const control = (c: TemplateColumn, schema: string) => {
    const dict = c.dictType ? `${camelDict(c.dictType)}` : '';
    if (tree && c === tree.parent) return `<TreeSelectField treeData={parents} />`;
    switch (c.htmlType) {
      case 'textarea':
      case 'editor':
        return `<Input.TextArea rows={${c.htmlType === 'editor' ? 8 : 3}} maxLength={zodMaxLength(${schema}, '${c.propName}')} />`;
      case 'number':
        return `<InputNumber style={{ width: '100%' }} />`;
      case 'select':
        return `<Select allowClear options={${dict || '[]'}} />`;
      case 'radio':
        return `<Radio.Group options={${dict || '[]'}} />`;
      case 'checkbox':
        return `<Checkbox.Group options={${dict || '[]'}} />`;
      case 'date':
        return `<Input type="datetime-local" />`;
      case 'upload':
        return `<Input placeholder="/profile/upload/..." />`;
      default:
        return c.tsType === 'boolean' ? '<Switch />' : `<Input maxLength={zodMaxLength(${schema}, '${c.propName}')} />`;
    }
  };
  const subFields = sub ? sub.writable : [];
  const dicts = [...new Set([...columns, ...subFields].map((c) => c.dictType).filter(Boolean))];
  const formCols = writable.filter((c) => c.isInsert || c.isEdit);
  const antdForm = new Set(['App', 'Form', 'Input']);
  for (const c of [...formCols, ...subFields]) {
    if (tree && c === tree.parent) continue;
    if (c.htmlType === 'number') antdForm.add('InputNumber');
    if (c.htmlType === 'select') antdForm.add('Select');
    if (c.htmlType === 'radio') antdForm.add('Radio');
    if (c.htmlType === 'checkbox') antdForm.add('Checkbox');
    if (c.tsType === 'boolean' && c.htmlType === 'input') antdForm.add('Switch');
  }
  if (sub) {
    antdForm.add('Button');
    antdForm.add('Space');
  }
  const emptyValue = (c: TemplateColumn) =>
    tree && c === tree.parent
      ? c.notNull
        ? '0'
        : 'null'
      : c.tsType === 'number'
        ? '0'
        : c.tsType === 'boolean'
          ? 'false'
          : c.tsType === 'Date'
            ? 'new Date()'
            : "''";
  const empty = `{ ${[...formCols.map((c) => `${c.propName}: ${emptyValue(c)}`), ...(sub ? [`${sub.list}: []`] : [])].join(', ')} } as ${E}Body`;
  const formItem = (c: TemplateColumn, schema: string, label: string, name: string, indent: string) =>
    `${indent}<Form.Item name={${name}} label={t('${label}')} rules={zodRules(${schema}, '${c.propName}', t('${label}'))}${c.tsType === 'boolean' && c.htmlType === 'input' ? ' valuePropName="checked"' : ''}>
${indent}  ${control(c, schema)}
${indent}</Form.Item>`;
  const rowType = sub ? `${E}Detail` : E;
  return {
    path: `apps/web/src/features/${area}/${k}/components/${E}FormDialog.tsx`,
    language: 'tsx',
    content: `import { ${sub ? `${E}Body, type ${E}Detail, ${sub.S}Body` : `type ${E}, ${E}Body`} } from '@ccms/contracts/${area}/${k}';
import { ${[...antdForm].sort().join(', ')} } from 'antd';
import { useTranslation } from 'react-i18next';
${dicts.length ? "import { useDict } from '../../../../shared/dict/use-dict';\n" : ''}import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
${tree ? "import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';\n" : ''}${tree ? `import { ${e}Options } from '../${k}-api';\n` : ''}import { ${e}Queries, useSave${E}${tree ? `, use${E}Tree` : ''} } from '../${k}-queries';

export interface ${E}FormDialogProps {
  open: boolean;
  /** The row to edit; undefined adds one. */
  id: number | undefined;${tree ? `\n  /** The parent of a new row (add below a row). */\n  parentId?: number;` : ''}
  onClose: () => void;
}

const EMPTY = ${empty};
${sub ? `const EMPTY_ROW = { ${sub.writable.map((c) => `${c.propName}: ${emptyValue(c)}`).join(', ')} } as ${sub.S}Body;\n` : ''}
const toValues = (row: ${rowType}): ${E}Body => ({ ${[
      ...formCols.map((c) => `${c.propName}: row.${c.propName} as ${E}Body['${c.propName}']`),
      ...(sub
        ? [
            `${sub.list}: row.${sub.list}.map((d) => ({ ${sub.writable.map((c) => `${c.propName}: d.${c.propName} as ${sub.S}Body['${c.propName}']`).join(', ')} }))`,
          ]
        : []),
    ].join(', ')} });

/** Add or edit a ${cm(fn)}${sub ? ' with its detail rows' : ''}; rules come from the contract's ${E}Body. */
export function ${E}FormDialog({ open, id,${tree ? ' parentId,' : ''} onClose }: ${E}FormDialogProps) {
  const { t } = useTranslation('${e}');
  const { message } = App.useApp();
${dicts.map((d) => `  const ${camelDict(d)} = useDict(${q(d)});`).join('\n')}${tree ? `\n  const parents = ${e}Options(use${E}Tree().data?.rows ?? []);` : ''}
  const save = useSave${E}();
  const entity = useEntityForm<${E}Body, ${rowType}>({
    open,
    load: id === undefined ? undefined : ${e}Queries.detail(id),
    toValues,
    defaults: ${tree ? `{ ...EMPTY, ${tree.parent.propName}: parentId ?? EMPTY.${tree.parent.propName} }` : 'EMPTY'},
    save: (values) => save.mutateAsync(id === undefined ? values : { ...values, ${pk.propName}: id }),
    onSaved: () => {
      message.success(id === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={id === undefined ? t('addTitle') : t('editTitle')} width={${sub ? 880 : 560}} name="${k}-form" entity={entity} onClose={onClose}>
${formCols.map((c) => formItem(c, `${E}Body`, c.propName, `'${c.propName}'`, '      ')).join('\n')}${
  sub
    ? `
      <Form.List name="${sub.list}">
        {(items, { add, remove }) => (
          <>
            <h4>{t('detailTitle')}</h4>
            {items.map((item) => (
              <Space key={item.key} align="baseline" wrap data-testid="${k}-detail-row">
${sub.writable.map((c) => formItem(c, `${sub.S}Body`, subLabel(c), `[item.name, '${c.propName}']`, '                ')).join('\n')}
                <Button type="link" danger onClick={() => remove(item.name)}>
                  {t('removeRow')}
                </Button>
              </Space>
            ))}
            <Button type="dashed" block onClick={() => add(EMPTY_ROW)}>
              {t('addRow')}
            </Button>
          </>
        )}
      </Form.List>`
    : ''
}
    </FormDialog>
  );
}
`,
  };
}
