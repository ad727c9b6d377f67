import { CloudUploadOutlined } from '@ant-design/icons';
import { GenPerm } from '@ccms/contracts/tool/gen';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { genApi } from '../gen-api';
import { useGenWriteStatus } from '../gen-queries';

const CONFLICT = 409;

/**
 * "Generate to project": writes the modules into the server's project tree (an administrator,
 * switch tool.gen.writeToWorkTree on, not production); disabled with the reason otherwise. Files
 * that exist are overwritten only after the user confirms.
 */
export function WriteToProjectButton({ tableIds, size }: { tableIds: readonly number[]; size?: 'small' }) {
  const { t } = useTranslation('tool');
  const { message, modal } = App.useApp();
  const status = useGenWriteStatus();
  const [busy, setBusy] = useState(false);
  const enabled = status.data?.enabled === true;
  const reason = status.data && !enabled ? t(`gen.writeReason.${status.data.reason || 'off'}`) : undefined;

  const write = async () => {
    setBusy(true);
    try {
      let written: string[];
      try {
        written = await genApi.writeCode(tableIds, false, true);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.code !== CONFLICT) {
          message.error(err.message);
          return;
        }
        if (!(await confirmDialog(`${err.message}\n${t('gen.writeOverwrite')}`, { type: 'danger' }))) return;
        written = await genApi.writeCode(tableIds, true);
      }
      modal.success({
        title: t('gen.written', { count: written.length }),
        width: 720,
        content: (
          <ul className="gen-written" data-testid="gen-written">
            {written.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        ),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <HasPermi value={[GenPerm.code]}>
      <Tooltip title={reason}>
        {/* A disabled button gets no pointer events: the wrapper shows the reason on hover. */}
        <span className="gen-write" data-testid="gen-write-wrap">
          <Button
            size={size}
            type={size ? 'link' : 'default'}
            icon={<CloudUploadOutlined />}
            disabled={!enabled || tableIds.length === 0}
            style={enabled ? undefined : { pointerEvents: 'none' }}
            loading={busy}
            onClick={write}
            data-testid="gen-write"
          >
            {t('gen.writeToProject')}
          </Button>
        </span>
      </Tooltip>
    </HasPermi>
  );
}
