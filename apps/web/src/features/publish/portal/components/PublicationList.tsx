import type { PortalOutput, PortalPublication } from '@ccms/contracts/publish/portal';
import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { portalViewPath } from '../portal-paths';

/** An output's facts in one line: language, format, date, version or revision. */
export function OutputFacts({ output }: { output: PortalOutput }) {
  const { t } = useTranslation('portal');
  return (
    <Space wrap size={4}>
      <Tag color="blue">{output.lang}</Tag>
      <Tag>{t(`formats.${output.format === 'pdf' ? 'pdf' : 'html5'}`)}</Tag>
      <span>{t('publishedAt', { date: dayjs(String(output.endTime)).format('YYYY-MM-DD HH:mm') })}</span>
      <span>{output.version ? t('version', { version: output.version }) : t('revision', { commit: output.commit.slice(0, 8) })}</span>
    </Space>
  );
}

/** The publications the reader may read, grouped by product (else library); each opens its first output, the reader's language. */
export function PublicationList({ rows }: { rows: PortalPublication[] }) {
  const { t } = useTranslation('portal');
  if (rows.length === 0) return <Empty description={t('empty')} />;
  const groups = new Map<string, PortalPublication[]>();
  for (const row of rows) {
    const group = row.product ? t('groupProduct', { name: row.product }) : t('groupLibrary', { name: row.libraryName });
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {[...groups].map(([group, publications]) => (
        <Card key={group} title={group} size="small" data-testid="portal-group">
          <List<PortalPublication>
            dataSource={publications}
            renderItem={(p) => {
              const [first, ...others] = p.outputs;
              if (!first) return null;
              return (
                <List.Item data-testid="portal-publication">
                  <List.Item.Meta
                    title={<Link to={portalViewPath(first.outputId)}>{p.title}</Link>}
                    description={
                      <Space direction="vertical" size={4}>
                        <OutputFacts output={first} />
                        {others.length > 0 && (
                          <Space wrap size={8}>
                            <Typography.Text type="secondary">{t('others')}:</Typography.Text>
                            {others.map((o) => (
                              <Link key={o.outputId} to={portalViewPath(o.outputId)}>
                                {o.lang} · {t(`formats.${o.format === 'pdf' ? 'pdf' : 'html5'}`)}
                              </Link>
                            ))}
                          </Space>
                        )}
                      </Space>
                    }
                  />
                </List.Item>
              );
            }}
          />
        </Card>
      ))}
    </Space>
  );
}
