import type { NoticeBody } from '@ccms/contracts/system/notice';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, Modal, Radio, Row, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDicts } from '../../../../shared/dict/use-dict';
import { noticeApi } from '../notice-api';
import { RichTextEditor } from './RichTextEditor';

export interface NoticeFormDialogProps {
  open: boolean;
  /** The notice to edit; undefined adds one. */
  noticeId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  noticeTitle: string;
  noticeType: NoticeBody['noticeType'] | undefined;
  status: NoticeBody['status'];
  noticeContent: string;
}

const EMPTY: Values = { noticeTitle: '', noticeType: undefined, status: '0', noticeContent: '' };
/** The server refuses markup in titles (contracts/system/notice). */
const MARKUP = /<[a-z!/?]/i;
const asType = (v: string): NoticeBody['noticeType'] | undefined => (v === '1' || v === '2' ? v : undefined);

/** Add or edit a notice: title, type, status and rich text content. */
export function NoticeFormDialog({ open, noticeId, onClose, onSaved }: NoticeFormDialogProps) {
  const { t } = useTranslation('notice');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { sys_notice_type: types, sys_notice_status: statuses } = useDicts('sys_notice_type', 'sys_notice_status');
  const [form] = Form.useForm<Values>();
  const editing = noticeId !== undefined;
  const detail = useQuery({
    queryKey: ['system', 'notice', 'detail', noticeId],
    queryFn: () => noticeApi.get(noticeId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        noticeTitle: d.noticeTitle,
        noticeType: asType(d.noticeType),
        status: d.status === '1' ? '1' : '0',
        noticeContent: d.noticeContent,
      });
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: ({ noticeType, ...rest }: Values) => {
      // The form's rule guarantees a type; the fallback only satisfies the type checker.
      const body: NoticeBody = { ...rest, noticeType: noticeType ?? '1' };
      return noticeId === undefined ? noticeApi.add(body) : noticeApi.update({ ...body, noticeId });
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
      width={780}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<Values> form={form} name="notice-form" labelCol={{ flex: '90px' }} initialValues={EMPTY} onFinish={(v) => save.mutate(v)}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="noticeTitle"
                label={t('noticeTitle')}
                rules={[
                  { required: true, whitespace: true, message: t('noticeTitleRequired') },
                  { validator: (_, v: string | undefined) => (v && MARKUP.test(v) ? Promise.reject(new Error(t('noticeTitleMarkup'))) : Promise.resolve()) },
                ]}
              >
                <Input maxLength={50} placeholder={t('noticeTitlePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="noticeType" label={t('noticeType')} rules={[{ required: true, message: t('noticeTypeRequired') }]}>
                <Select placeholder={t('noticeTypePlaceholder')} options={types.map((o) => ({ value: o.value, label: o.label }))} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="noticeContent" label={t('noticeContent')}>
            <RichTextEditor placeholder={t('contentPlaceholder')} label={t('noticeContent')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
