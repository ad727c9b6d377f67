import { CONNECTION_TYPES, type Connection, ConnectionBody, ConnectionCredential, isRemotePath, MASKED_CREDENTIAL } from '@ccms/contracts/publish/connection';
import { App, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { connectionQueries, useSaveConnection } from '../connection-queries';

export interface ConnectionFormDialogProps {
  open: boolean;
  /** The connection to edit; undefined adds one. */
  connectionId: number | undefined;
  onClose: () => void;
}

interface Values {
  name: string;
  type: ConnectionBody['type'];
  host: string;
  port: number | null;
  remotePath: string;
  credentialType: ConnectionBody['credential']['type'];
  credentialName: string;
  username: string;
  password: string;
}

const EMPTY: Values = {
  name: '',
  type: 'sftp',
  host: '',
  port: 22,
  remotePath: '/',
  credentialType: 'password',
  credentialName: '',
  username: '',
  password: '',
};
const DEFAULT_PORT: Record<Values['type'], number> = { sftp: 22, ftp: 21, ftps: 21 };

const toValues = (c: Connection): Values => ({
  name: c.name,
  type: c.type === 'ftp' || c.type === 'ftps' ? c.type : 'sftp',
  host: c.host,
  port: c.port,
  remotePath: c.remotePath,
  credentialType: c.credential.type === 'privateKey' ? 'privateKey' : 'password',
  credentialName: c.credential.name,
  username: c.credential.username,
  // The stored secret is never sent back: the mask keeps it unless a new one is typed.
  password: MASKED_CREDENTIAL,
});

/** Add or edit a connection: server, folder and credential; changing the server or credential needs a new validate. */
export function ConnectionFormDialog({ open, connectionId, onClose }: ConnectionFormDialogProps) {
  const { t } = useTranslation('connection');
  const { message } = App.useApp();
  const save = useSaveConnection();
  const entity = useEntityForm<Values, Connection>({
    open,
    load: connectionId === undefined ? undefined : connectionQueries.detail(connectionId),
    toValues,
    defaults: EMPTY,
    save: ({ credentialType, credentialName, username, password, port, ...rest }) => {
      const body = { ...rest, port: port ?? 0, credential: { type: credentialType, name: credentialName, username, password } };
      return save.mutateAsync(connectionId === undefined ? body : { ...body, connectionId });
    },
    onSaved: () => {
      message.success(connectionId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });
  const type = Form.useWatch('type', entity.form) ?? 'sftp';
  const credentialType = Form.useWatch('credentialType', entity.form) ?? 'password';

  return (
    <FormDialog
      open={open}
      title={connectionId === undefined ? t('addConnection') : t('editConnection')}
      width={720}
      labelWidth={110}
      name="connection-form"
      entity={entity}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('name')} rules={zodRules(ConnectionBody, 'name', t('name'))}>
            <Input maxLength={zodMaxLength(ConnectionBody, 'name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('required', { field: t('type') }) }]}>
            <Select
              options={CONNECTION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
              onChange={(v: Values['type']) => {
                entity.form.setFieldValue('port', DEFAULT_PORT[v]);
                if (v !== 'sftp') entity.form.setFieldValue('credentialType', 'password');
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="host" label={t('host')} rules={zodRules(ConnectionBody, 'host', t('host'))}>
            <Input maxLength={255} placeholder="sftp.example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="port"
            label={t('port')}
            rules={[
              { required: true, message: t('required', { field: t('port') }) },
              {
                validator: (_, v: number | null) =>
                  v === null || v === undefined || (Number.isInteger(v) && v >= 1 && v <= 65535)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('invalidPort'))),
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="remotePath"
        label={t('remotePath')}
        rules={[
          { required: true, message: t('required', { field: t('remotePath') }) },
          { validator: (_, v: string | undefined) => (!v || isRemotePath(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('invalidPath')))) },
        ]}
      >
        <Input maxLength={1000} placeholder="/outgoing/manuals" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="credentialType" label={t('credentialType')}>
            <Radio.Group
              options={[
                { value: 'password', label: t('credentialTypes.password') },
                { value: 'privateKey', label: t('credentialTypes.privateKey'), disabled: type !== 'sftp' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="credentialName" label={t('credentialName')} rules={zodRules(ConnectionCredential, 'name', t('credentialName'))}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="username" label={t('username')} rules={zodRules(ConnectionCredential, 'username', t('username'))}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={credentialType === 'privateKey' ? t('privateKey') : t('password')}
        extra={connectionId === undefined ? undefined : t('secretKept')}
        rules={zodRules(ConnectionCredential, 'password', credentialType === 'privateKey' ? t('privateKey') : t('password'))}
      >
        {credentialType === 'privateKey' ? <Input.TextArea rows={4} autoComplete="off" /> : <Input.Password autoComplete="new-password" />}
      </Form.Item>
    </FormDialog>
  );
}
