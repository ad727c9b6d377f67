import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type { ApplicAttribute, Applicability, ApplicProduct } from '@ccms/contracts/content/s1000d';
import { Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeniedNotice } from '../../../../shared/auth/Denied';
import { topicDetailPath } from '../../shared/paths';
import { useApplicability } from '../s1000d-queries';

type TableRef = Applicability['act'];

/** The idents products are assigned, in the tables' order, then any the tables do not declare. */
export function productColumns(attributes: readonly ApplicAttribute[], products: readonly ApplicProduct[]): { id: string; name: string }[] {
  const used = new Set(products.flatMap((p) => Object.keys(p.assignment)));
  const declared = attributes.filter((a) => used.has(a.id)).map((a) => ({ id: a.id, name: a.name || a.id }));
  const known = new Set(declared.map((c) => c.id));
  return [...declared, ...[...used].filter((id) => !known.has(id)).map((id) => ({ id, name: id }))];
}

function TableLink({ table }: { table: TableRef }) {
  const { t } = useTranslation('s1000d');
  const navigate = useNavigate();
  if (!table) return <Typography.Text type="secondary">{t('applic.noTable')}</Typography.Text>;
  const text = `${table.code}${table.issue ? ` (${table.issue})` : ''}`;
  return table.topicId !== null ? (
    <Typography.Link onClick={() => table.topicId !== null && navigate(topicDetailPath(table.topicId))} data-testid="applic-table">
      {text}
    </Typography.Link>
  ) : (
    <span data-testid="applic-table">{text}</span>
  );
}

const valueTags = (values: readonly string[]) => (
  <Space size={[0, 4]} wrap>
    {values.map((v) => (
      <Tag key={v}>{v}</Tag>
    ))}
  </Space>
);

/**
 * The applicability of a library branch: which data modules hold the ACT, CCT and PCT, the product
 * attributes (the primary one marked) and conditions with their values, and each product's values.
 */
export function ApplicabilityDrawer({ scope, open, onClose }: { scope: CatalogScope; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('s1000d');
  const applic = useApplicability(scope, open);
  const data = applic.data;
  const attributes = data?.attributes.filter((a) => a.type === 'prodattr') ?? [];
  const conditions = data?.attributes.filter((a) => a.type === 'condition') ?? [];
  const products = data?.products ?? [];
  const assigned = productColumns(data?.attributes ?? [], products);

  const nameColumn: ColumnType<ApplicAttribute> = {
    key: 'name',
    dataIndex: 'name',
    title: t('applic.name'),
    render: (v: string, a) => (
      <Space size={4}>
        {v || a.id}
        {a.primary && (
          <Tag color="gold" data-testid="applic-primary">
            {t('applic.primary')}
          </Tag>
        )}
      </Space>
    ),
  };
  const idColumn: ColumnType<ApplicAttribute> = {
    key: 'id',
    dataIndex: 'id',
    title: t('applic.id'),
    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
  };
  const valuesColumn: ColumnType<ApplicAttribute> = { key: 'values', dataIndex: 'values', title: t('applic.values'), render: valueTags };
  const attributeColumns = [nameColumn, idColumn, valuesColumn];
  const conditionColumns = [nameColumn, idColumn, { key: 'condType', dataIndex: 'condType', title: t('applic.condType') }, valuesColumn];
  const productTableColumns: ColumnType<ApplicProduct>[] = [
    { key: 'key', dataIndex: 'key', title: t('applic.product'), fixed: 'left', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    ...assigned.map((c) => ({
      key: `attr-${c.id}`,
      title: c.name,
      render: (_: unknown, p: ApplicProduct) => p.assignment[c.id] ?? '',
    })),
  ];

  return (
    <Drawer open={open} title={t('applic.title')} size={960} onClose={onClose} destroyOnHidden>
      <div data-testid="s1000d-applic-drawer">
        {applic.isLoading && <Spin />}
        <DeniedNotice error={applic.error} />
        {data && (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions size="small" bordered column={1} title={t('applic.tables')}>
              <Descriptions.Item label={t('applic.act')}>
                <TableLink table={data.act} />
              </Descriptions.Item>
              <Descriptions.Item label={t('applic.cct')}>
                <TableLink table={data.cct} />
              </Descriptions.Item>
              <Descriptions.Item label={t('applic.pct')}>
                <TableLink table={data.pct} />
              </Descriptions.Item>
            </Descriptions>
            <div>
              <Typography.Title level={5}>{t('applic.attributes')}</Typography.Title>
              <Table<ApplicAttribute>
                size="small"
                rowKey="id"
                dataSource={attributes}
                columns={attributeColumns}
                pagination={false}
                data-testid="applic-attributes"
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applic.noTable')} /> }}
              />
            </div>
            <div>
              <Typography.Title level={5}>{t('applic.conditions')}</Typography.Title>
              <Table<ApplicAttribute>
                size="small"
                rowKey="id"
                dataSource={conditions}
                columns={conditionColumns}
                pagination={false}
                data-testid="applic-conditions"
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applic.noTable')} /> }}
              />
            </div>
            <div>
              <Typography.Title level={5}>{t('applic.products')}</Typography.Title>
              <Table<ApplicProduct>
                size="small"
                rowKey="key"
                dataSource={products}
                columns={productTableColumns}
                pagination={false}
                scroll={{ x: 'max-content' }}
                data-testid="applic-products"
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applic.noProducts')} /> }}
              />
            </div>
          </Space>
        )}
      </div>
    </Drawer>
  );
}
