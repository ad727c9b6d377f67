import { type Dept, DeptBody } from '@ccms/contracts/system/dept';
import { App, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { deptOptions, deptTree } from '../dept-api';
import { deptQueries, useDept, useDeptParents, useSaveDept } from '../dept-queries';

/** What the dialog edits: a department, or a new one (under a parent when given). */
export type DeptDialogTarget = { deptId: number } | { parentId: number | undefined };

export interface DeptFormDialogProps {
  target: DeptDialogTarget | null;
  onClose: () => void;
}

/** The email check is a refinement the contract's rules cannot read: the same test here. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = Omit<DeptBody, 'parentId'> & { parentId: number | undefined };

const EMPTY: Values = { parentId: undefined, deptName: '', orderNum: 0, leader: '', phone: '', email: '', status: '0' };

const toValues = (d: Dept): Values => ({
  parentId: d.parentId,
  deptName: d.deptName,
  orderNum: d.orderNum,
  leader: d.leader,
  phone: d.phone,
  email: d.email,
  status: d.status === '1' ? '1' : '0',
});

/** Add or edit a department; the parent picker leaves out the department itself and those below it. Rules come from DeptBody. */
export function DeptFormDialog({ target, onClose }: DeptFormDialogProps) {
  const { t } = useTranslation('dept');
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const open = target !== null;
  const deptId = target && 'deptId' in target ? target.deptId : undefined;
  const saveDept = useSaveDept();
  const entity = useEntityForm<Values, Dept>({
    open,
    load: deptId === undefined ? undefined : deptQueries.detail(deptId),
    toValues,
    defaults: { ...EMPTY, parentId: target && 'parentId' in target ? target.parentId : undefined },
    save: ({ parentId, ...values }) => {
      // The root has no parent field: it stays at 0.
      const body: DeptBody = { ...values, parentId: parentId ?? 0 };
      return saveDept.mutateAsync(deptId === undefined ? body : { ...body, deptId });
    },
    onSaved: () => {
      message.success(deptId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });
  // The same query the form loads (shared in the cache): the root has no parent to pick.
  const detail = useDept(open ? deptId : undefined);
  const parents = useDeptParents(deptId, open);
  const isRoot = deptId !== undefined && detail.data?.parentId === 0;

  return (
    <FormDialog open={open} title={deptId === undefined ? t('addTitle') : t('editTitle')} width={600} name="dept-form" entity={entity} onClose={onClose}>
      <Row gutter={16}>
        {!isRoot && (
          <Col span={24}>
            <Form.Item name="parentId" label={t('parent')} rules={zodRules(DeptBody, 'parentId', t('parent'))}>
              <TreeSelectField treeData={deptOptions(deptTree(parents.data ?? []))} placeholder={t('parentPlaceholder')} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="deptName" label={t('deptName')} rules={zodRules(DeptBody, 'deptName', t('deptName'))}>
            <Input maxLength={zodMaxLength(DeptBody, 'deptName')} placeholder={t('deptNamePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label={t('orderNum')} rules={zodRules(DeptBody, 'orderNum', t('orderNum'))}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="leader" label={t('leader')} rules={zodRules(DeptBody, 'leader', t('leader'))}>
            <Input maxLength={zodMaxLength(DeptBody, 'leader')} placeholder={t('leaderPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label={t('phone')} rules={zodRules(DeptBody, 'phone', t('phone'), { pattern: t('phoneInvalid') })}>
            <Input maxLength={zodMaxLength(DeptBody, 'phone')} placeholder={t('phonePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('email')} rules={[...zodRules(DeptBody, 'email', t('email')), { pattern: EMAIL, message: t('emailInvalid') }]}>
            <Input maxLength={zodMaxLength(DeptBody, 'email')} placeholder={t('emailPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
