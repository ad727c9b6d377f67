import type { OperLog } from '@ccms/contracts/monitor/operlog';
import { Button, Descriptions, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dateTime, prettyJson } from '../../../../shared/format';

export interface OperLogDetailDialogProps {
  log: OperLog | null;
  onClose: () => void;
}

/** Everything one operation log row holds, parameters and result pretty-printed. */
export function OperLogDetailDialog({ log, onClose }: OperLogDetailDialogProps) {
  const { t } = useTranslation('monitor');
  const { t: tc } = useTranslation();
  const { sys_oper_type: types, sys_common_status: statuses } = useDicts('sys_oper_type', 'sys_common_status');
  const block = (text: string) =>
    text ? <pre className="oper-pre">{prettyJson(text)}</pre> : <span className="ant-typography-secondary">{t('operlog.empty')}</span>;

  return (
    <Modal
      open={log !== null}
      title={t('operlog.detailTitle')}
      width={820}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{tc('close')}</Button>}
      destroyOnHidden
    >
      {log && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
          items={[
            {
              key: 'module',
              label: t('operlog.module'),
              children: (
                <span>
                  {log.title} <DictTag options={types} value={String(log.businessType)} />
                </span>
              ),
            },
            {
              key: 'login',
              label: t('operlog.loginInfo'),
              children: [log.operName, log.deptName, log.operIp, log.operLocation].filter(Boolean).join(' / '),
            },
            { key: 'url', label: t('operlog.operUrl'), children: <span className="monitor-mono">{log.operUrl}</span> },
            { key: 'requestMethod', label: t('operlog.requestMethod'), children: <Tag>{log.requestMethod}</Tag> },
            { key: 'method', label: t('operlog.method'), span: 'filled', children: <span className="monitor-mono">{log.method}</span> },
            { key: 'param', label: t('operlog.operParam'), span: 'filled', children: block(log.operParam) },
            { key: 'result', label: t('operlog.jsonResult'), span: 'filled', children: block(log.jsonResult) },
            { key: 'status', label: t('operlog.status'), children: <DictTag options={statuses} value={String(log.status)} /> },
            { key: 'cost', label: t('operlog.costTime'), children: t('operlog.ms', { n: log.costTime }) },
            { key: 'time', label: t('operlog.operTime'), span: 'filled', children: dateTime(log.operTime) },
            ...(log.status !== 0 || log.errorMsg
              ? [{ key: 'error', label: t('operlog.errorMsg'), span: 'filled' as const, children: <pre className="oper-pre oper-error">{log.errorMsg}</pre> }]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
