import type { TextDiff } from '@ccms/contracts/content/catalog';
import { Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../catalog.css';

/** Two versions of a file side by side: removed lines red on the left, added green on the right. */
export function DiffView({ diff }: { diff: TextDiff }) {
  const { t } = useTranslation('document');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>{diff.path}</Typography.Text>
        <Tag>{diff.from.label}</Tag>→<Tag>{diff.to.label}</Tag>
        {diff.changed ? (
          <Typography.Text type="secondary" data-testid="diff-summary">
            {t('diffSummary', { added: diff.added, removed: diff.removed })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="diff-summary">
            {t('diffSame')}
          </Typography.Text>
        )}
      </Space>
      {diff.rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div className="catalog-diff-wrap">
          <table className="catalog-diff" data-testid="diff-table">
            <tbody>
              {diff.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of one diff never move
                <tr key={i} className={row.type}>
                  <td className="no">{row.left?.no ?? ''}</td>
                  <td className="side-left">{row.left?.text ?? ''}</td>
                  <td className="no">{row.right?.no ?? ''}</td>
                  <td className="side-right">{row.right?.text ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Space>
  );
}
