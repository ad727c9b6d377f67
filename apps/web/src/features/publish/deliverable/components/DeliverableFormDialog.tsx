import { type Deliverable, DeliverableBody } from '@ccms/contracts/publish/deliverable';
import { App, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useConnectionOptions } from '../../connection/connection-queries';
import { deliverableQueries, usePublicationChoices, usePublishConfigChoices, useSaveDeliverable } from '../deliverable-queries';

export interface DeliverableFormDialogProps {
  open: boolean;
  deliverableId: number | undefined;
  onClose: () => void;
}

interface Values {
  name: string;
  description: string;
  publicationId: number | undefined;
  configId: number | undefined;
  connectionId: number | undefined;
  scheduleJob: string;
  sourceChangeJob: boolean;
  filePath: string;
  fileName: string;
}

const EMPTY: Values = {
  name: '',
  description: '',
  publicationId: undefined,
  configId: undefined,
  connectionId: undefined,
  scheduleJob: '',
  sourceChangeJob: false,
  filePath: '',
  fileName: '',
};

const toValues = (d: Deliverable): Values => ({ ...d, sourceChangeJob: d.sourceChangeJob === '1' });

/** Add or edit a deliverable: what (publication and publish config), where (a validated connection, folder, file name) and when. */
export function DeliverableFormDialog({ open, deliverableId, onClose }: DeliverableFormDialogProps) {
  const { t } = useTranslation('deliverable');
  const { message } = App.useApp();
  const save = useSaveDeliverable();
  const entity = useEntityForm<Values, Deliverable>({
    open,
    load: deliverableId === undefined ? undefined : deliverableQueries.detail(deliverableId),
    toValues,
    defaults: EMPTY,
    save: ({ publicationId, configId, connectionId, sourceChangeJob, ...rest }) => {
      const body: DeliverableBody = {
        ...rest,
        publicationId: publicationId ?? 0,
        configId: configId ?? 0,
        connectionId: connectionId ?? 0,
        sourceChangeJob: sourceChangeJob ? '1' : '0',
      };
      return save.mutateAsync(deliverableId === undefined ? body : { ...body, deliverableId });
    },
    onSaved: () => {
      message.success(deliverableId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });
  const publications = usePublicationChoices();
  const connections = useConnectionOptions();
  const publicationId = Form.useWatch('publicationId', entity.form);
  const libraryId = publications.data?.rows.find((p) => p.publicationId === publicationId)?.libraryId;
  const configs = usePublishConfigChoices(libraryId);
  const required = (label: string) => [{ required: true, message: t('required', { field: label }) }];

  return (
    <FormDialog
      open={open}
      title={deliverableId === undefined ? t('addDeliverable') : t('editDeliverable')}
      width={760}
      labelWidth={120}
      name="deliverable-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('name')} rules={zodRules(DeliverableBody, 'name', t('name'))}>
        <Input maxLength={zodMaxLength(DeliverableBody, 'name')} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={zodMaxLength(DeliverableBody, 'description')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="publicationId" label={t('publication')} rules={required(t('publication'))}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={publications.isLoading}
              options={publications.data?.rows.map((p) => ({ value: p.publicationId, label: p.name }))}
              onChange={() => entity.form.setFieldValue('configId', undefined)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="configId" label={t('publishInfo')} rules={required(t('publishInfo'))}>
            <Select
              loading={configs.isLoading}
              disabled={libraryId === undefined}
              options={configs.data?.map((c) => ({ value: c.configId, label: `${c.configName} (${c.format}, ${c.lang})` }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="connectionId" label={t('connection')} rules={required(t('connection'))} extra={t('connectionValidatedOnly')}>
        <Select
          loading={connections.isLoading}
          options={connections.data?.map((c) => ({ value: c.connectionId, label: `${c.name} (${c.type})`, disabled: c.validated !== '1' }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="filePath" label={t('filePath')} rules={zodRules(DeliverableBody, 'filePath', t('filePath'))} extra={t('filePathHelp')}>
            <Input maxLength={500} placeholder="manuals/en" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="fileName" label={t('fileName')} rules={zodRules(DeliverableBody, 'fileName', t('fileName'))}>
            <Input maxLength={200} placeholder="manual.zip" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="scheduleJob" label={t('scheduleJob')} extra={t('scheduleHelp')}>
            <Input maxLength={100} placeholder="0 0 2 * * ?" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sourceChangeJob" label={t('sourceChangeJob')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
