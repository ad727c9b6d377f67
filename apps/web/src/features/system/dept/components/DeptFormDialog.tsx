import type { DeptBody } from '@ccms/contracts/system/dept';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { deptApi, deptOptions, deptTree } from '../dept-api';

/** What the dialog edits: a department, or a new one (under a parent when given). */
export type DeptDialogTarget = { deptId: number } | { parentId: number | undefined };

export interface DeptFormDialogProps {
  target: DeptDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+\- ]*$/;

type Values = Omit<DeptBody, 'parentId'> & { parentId: number | undefined };

const EMPTY: Values = { parentId: undefined, deptName: '', orderNum: 0, leader: '', phone: '', email: '', status: '0' };

/** Add or edit a department; the parent picker leaves out the department itself and those below it. */
export function DeptFormDialog({ target, onClose, onSaved }: DeptFormDialogProps) {
  const { t } = useTranslation('dept');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<Values>();
  const open = target !== null;
  const deptId = target && 'deptId' in target ? target.deptId : undefined;
  const editing = deptId !== undefined;

  const detail = useQuery({ queryKey: ['system', 'dept', 'detail', deptId], queryFn: () => deptApi.get(deptId ?? 0), enabled: editing, gcTime: 0 });
  const parents = useQuery({
    queryKey: ['system', 'dept', 'parents', deptId ?? 'all'],
    queryFn: () => (deptId === undefined ? deptApi.list() : deptApi.listExcluding(deptId)),
    enabled: open,
    gcTime: 0,
  });
  const isRoot = editing && detail.data?.parentId === 0;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('parentId' in target) form.setFieldsValue({ ...EMPTY, parentId: target.parentId });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        parentId: d.parentId,
        deptName: d.deptName,
        orderNum: d.orderNum,
        leader: d.leader,
        phone: d.phone,
        email: d.email,
        status: d.status === '1' ? '1' : '0',
      });
    }
  }, [target, detail.data, form]);

  const save = useMutation({
    mutationFn: ({ parentId, ...values }: Values) => {
      const body: DeptBody = { ...values, parentId: parentId ?? 0 };
      return deptId === undefined ? deptApi.add(body) : deptApi.update({ ...body, deptId });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={600}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={(editing && detail.isLoading) || parents.isLoading}>
        <Form<Values> form={form} labelCol={{ flex: '96px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="dept-form">
          <Row gutter={16}>
            {!isRoot && (
              <Col span={24}>
                <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
                  <TreeSelectField treeData={deptOptions(deptTree(parents.data ?? []))} placeholder={t('parentPlaceholder')} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12}>
              <Form.Item name="deptName" label={t('deptName')} rules={[{ required: true, whitespace: true, message: t('deptNameRequired') }]}>
                <Input maxLength={30} placeholder={t('deptNamePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="orderNum" label={t('orderNum')} rules={[{ required: true, message: t('orderNumRequired') }]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="leader" label={t('leader')}>
                <Input maxLength={20} placeholder={t('leaderPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="phone" label={t('phone')} rules={[{ pattern: PHONE, message: t('phoneInvalid') }]}>
                <Input maxLength={11} placeholder={t('phonePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="email" label={t('email')} rules={[{ pattern: EMAIL, message: t('emailInvalid') }]}>
                <Input maxLength={50} placeholder={t('emailPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="status" label={t('status')}>
                <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
