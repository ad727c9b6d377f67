import { type Notice, NoticeBody } from '@ccms/contracts/system/notice';
import { App, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDicts } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { noticeQueries, useSaveNotice } from '../notice-queries';
import { RichTextEditor } from './RichTextEditor';

export interface NoticeFormDialogProps {
  open: boolean;
  /** The notice to edit; undefined adds one. */
  noticeId: number | undefined;
  onClose: () => void;
}

interface Values {
  noticeTitle: string;
  noticeType: NoticeBody['noticeType'] | undefined;
  status: NoticeBody['status'];
  noticeContent: string;
}

const EMPTY: Values = { noticeTitle: '', noticeType: undefined, status: '0', noticeContent: '' };
/** The server refuses markup in titles (contracts/system/notice: a refinement the rules cannot read). */
const MARKUP = /<[a-z!/?]/i;
const asType = (v: string): NoticeBody['noticeType'] | undefined => (v === '1' || v === '2' ? v : undefined);

const toValues = (d: Notice): Values => ({
  noticeTitle: d.noticeTitle,
  noticeType: asType(d.noticeType),
  status: d.status === '1' ? '1' : '0',
  noticeContent: d.noticeContent,
});

/** Add or edit a notice: title, type, status and rich text content; rules come from the contract's NoticeBody. */
export function NoticeFormDialog({ open, noticeId, onClose }: NoticeFormDialogProps) {
  const { t } = useTranslation('notice');
  const { message } = App.useApp();
  const { sys_notice_type: types, sys_notice_status: statuses } = useDicts('sys_notice_type', 'sys_notice_status');
  const saveNotice = useSaveNotice();
  const entity = useEntityForm<Values, Notice>({
    open,
    load: noticeId === undefined ? undefined : noticeQueries.detail(noticeId),
    toValues,
    defaults: EMPTY,
    save: ({ noticeType, ...rest }) => {
      // The form's rule guarantees a type; the fallback only satisfies the type checker.
      const body: NoticeBody = { ...rest, noticeType: noticeType ?? '1' };
      return saveNotice.mutateAsync(noticeId === undefined ? body : { ...body, noticeId });
    },
    onSaved: () => {
      message.success(noticeId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      title={noticeId === undefined ? t('addTitle') : t('editTitle')}
      width={780}
      labelWidth={90}
      name="notice-form"
      entity={entity}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="noticeTitle"
            label={t('noticeTitle')}
            rules={[
              ...zodRules(NoticeBody, 'noticeTitle', t('noticeTitle')),
              { validator: (_, v: string | undefined) => (v && MARKUP.test(v) ? Promise.reject(new Error(t('noticeTitleMarkup'))) : Promise.resolve()) },
            ]}
          >
            <Input maxLength={zodMaxLength(NoticeBody, 'noticeTitle')} placeholder={t('noticeTitlePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="noticeType" label={t('noticeType')} rules={zodRules(NoticeBody, 'noticeType', t('noticeType'))}>
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
    </FormDialog>
  );
}
