import { type ProjectCategory, ProjectCategoryBody } from '@ccms/contracts/work/project-category';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { categoryQueries, useSaveCategory } from '../project-category-queries';

const EMPTY: ProjectCategoryBody = { name: '', value: '', status: '0', sort: 0 };

const toValues = ({ name, value, status, sort }: ProjectCategory): ProjectCategoryBody => ({ name, value, status: status === '1' ? '1' : '0', sort });

/** Add or edit an entry of the project category dictionary; rules come from the contract's ProjectCategoryBody. */
export function CategoryFormDialog({ open, id, onClose }: { open: boolean; id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const saveCategory = useSaveCategory();
  const entity = useEntityForm<ProjectCategoryBody, ProjectCategory>({
    open,
    load: id === undefined ? undefined : categoryQueries.detail(id),
    toValues,
    defaults: EMPTY,
    save: (values) => saveCategory.mutateAsync(id === undefined ? values : { ...values, id }),
    onSaved: () => {
      message.success(id === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      title={id === undefined ? t('categoryPage.addTitle') : t('categoryPage.editTitle')}
      width={480}
      name="category-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('categoryPage.name')}
        rules={zodRules(ProjectCategoryBody, 'name', t('categoryPage.name'), { required: t('categoryPage.nameRequired') })}
      >
        <Input maxLength={zodMaxLength(ProjectCategoryBody, 'name')} placeholder={t('categoryPage.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="value"
        label={t('categoryPage.value')}
        rules={zodRules(ProjectCategoryBody, 'value', t('categoryPage.value'), { required: t('categoryPage.valueRequired') })}
      >
        <Input maxLength={zodMaxLength(ProjectCategoryBody, 'value')} placeholder={t('categoryPage.valuePlaceholder')} />
      </Form.Item>
      <Form.Item name="sort" label={t('categoryPage.sort')} rules={zodRules(ProjectCategoryBody, 'sort', t('categoryPage.sort'))}>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('categoryPage.status')}>
        <Radio.Group options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`categoryPage.statuses.${v}`) }))} />
      </Form.Item>
    </FormDialog>
  );
}
