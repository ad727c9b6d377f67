import {
  BranchesOutlined,
  FileZipOutlined,
  NodeIndexOutlined,
  OrderedListOutlined,
  SendOutlined,
  SwapOutlined,
  TableOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { DocumentPerm, type DocumentRow } from '@ccms/contracts/content/document';
import { DOCUMENT_STATUSES } from '@ccms/contracts/content/status';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { useSetDocumentStatus } from '../../catalog/catalog-queries';
import { FlightopsDrawer } from '../../flightops/components/FlightopsDrawer';
import { RevisionDialog } from '../../flightops/components/RevisionDialog';
import { ApplicabilityDrawer } from '../../s1000d/components/ApplicabilityDrawer';
import { DmlCoverageDrawer } from '../../s1000d/components/DmlCoverageDrawer';
import { LibraryProblemsDrawer } from '../../s1000d/components/LibraryProblemsDrawer';
import { NewPmButton } from '../../s1000d/components/NewPmButton';
import { TransferDialog } from '../../s1000d/components/TransferDialog';
import { documentDetailPath } from '../../shared/paths';
import { useLibraryScope } from '../../shared/use-library-scope';
import { CatalogList } from '../components/CatalogList';
import { FastCreateDialog } from '../components/FastCreateDialog';
import { ImportDialog } from '../components/ImportDialog';
import type { DocumentFilters } from '../document-api';
import { documentQueries } from '../document-queries';

/** Documents (menu component ccms/document/index): the maps of the current library's branch; in an S1000D library its publication modules. */
export default function DocumentListPage() {
  const { t } = useTranslation('document');
  const { t: ts } = useTranslation('s1000d');
  const { t: tf } = useTranslation('flightops');
  const navigate = useNavigate();
  const scope = useLibraryScope({ fallback: 'only' });
  const setStatus = useSetDocumentStatus();
  const [dialog, setDialog] = useState<'import' | 'fastCreate' | 'problems' | 'applicability' | 'dml' | 'transfer' | 'revision' | 'flightops' | null>(null);
  const { libraryId, branch } = scope;
  const s1000d = scope.standard === 's1000d';
  // Flight-operations manuals take manufacturer revisions merged onto the airline's copy.
  const flightOps = scope.library?.libraryType === 'AirbusFlightOps';
  const at = { libraryId: libraryId ?? 0, ...(branch ? { branch } : {}) };
  const open = (row: DocumentRow) => navigate(documentDetailPath(row.documentId));
  // A new document opens at once (the lists refresh through the catalogue's keys).
  const created = (r: { documentId: number }) => {
    setDialog(null);
    navigate(documentDetailPath(r.documentId));
  };

  return (
    <>
      <CatalogList<DocumentRow, DocumentFilters>
        kind="document"
        scope={scope}
        rowKey="documentId"
        listQuery={(q) => documentQueries.list(q)}
        statuses={DOCUMENT_STATUSES}
        editPerm={DocumentPerm.edit}
        titleOf={(row) => row.name || row.path}
        onOpen={open}
        setStatus={(row, v) => setStatus.mutateAsync({ documentId: row.documentId, ...v })}
        header={
          s1000d && (
            <Space wrap style={{ marginBottom: 8 }}>
              <Button icon={<WarningOutlined />} onClick={() => setDialog('problems')} data-testid="s1000d-problems-button">
                {ts('problems.button')}
              </Button>
              <Button icon={<TableOutlined />} onClick={() => setDialog('applicability')} data-testid="s1000d-applic-button">
                {ts('applic.button')}
              </Button>
              <Button icon={<OrderedListOutlined />} onClick={() => setDialog('dml')} data-testid="s1000d-dml-button">
                {ts('dml.button')}
              </Button>
              <HasPermi value={[DocumentPerm.export, DocumentPerm.import]}>
                <Button icon={<SwapOutlined />} onClick={() => setDialog('transfer')} data-testid="s1000d-transfer-button">
                  {ts('transfer.button')}
                </Button>
              </HasPermi>
              {scope.libraryId !== undefined && <NewPmButton libraryId={scope.libraryId} branch={scope.branch} />}
            </Space>
          )
        }
        columns={{
          before: [
            {
              key: 'docNbr',
              dataIndex: 'docNbr',
              title: s1000d ? ts('columns.pmc') : t('docNbr'),
              sorter: true,
              render: (v: string, row) => (
                <Typography.Link onClick={() => open(row)} data-testid="document-link">
                  {v}
                </Typography.Link>
              ),
            },
            { key: 'name', dataIndex: 'name', title: t('name'), sorter: true, ellipsis: true },
            { key: 'path', dataIndex: 'path', title: t('path'), ellipsis: true, defaultHidden: true },
            { key: 'revision', dataIndex: 'revision', title: t('revision'), width: 110 },
            { key: 'lang', dataIndex: 'lang', title: t('lang'), width: 90, sorter: true },
          ],
          after: [
            { key: 'topicCount', dataIndex: 'topicCount', title: t('topicCount'), width: 90, defaultHidden: true },
            {
              key: 'brokenCount',
              dataIndex: 'brokenCount',
              title: t('brokenCount'),
              width: 100,
              defaultHidden: true,
              render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
            },
          ],
        }}
        searchFields={{
          before: (
            <>
              <Form.Item name="docNbr" label={s1000d ? ts('columns.pmc') : t('docNbr')}>
                <Input allowClear style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="name" label={t('name')}>
                <Input allowClear style={{ width: 180 }} />
              </Form.Item>
            </>
          ),
          after: (
            <Form.Item name="lang" label={t('lang')}>
              <Input allowClear style={{ width: 100 }} placeholder="zh-CN" />
            </Form.Item>
          ),
        }}
        toolbar={() => (
          <>
            <HasPermi value={[DocumentPerm.import]}>
              <Button type="primary" ghost icon={<FileZipOutlined />} onClick={() => setDialog('import')}>
                {t('import')}
              </Button>
            </HasPermi>
            {flightOps && (
              <HasPermi value={[DocumentPerm.import]}>
                <Button icon={<BranchesOutlined />} onClick={() => setDialog('revision')} data-testid="flightops-revision-button">
                  {tf('button')}
                </Button>
              </HasPermi>
            )}
            {flightOps && (
              <Button icon={<SendOutlined />} onClick={() => setDialog('flightops')} data-testid="flightops-drawer-button">
                {tf('openDrawer')}
              </Button>
            )}
            {/* A toc fast create writes a DITA map and topics: not for an S1000D library. */}
            {!s1000d && (
              <HasPermi value={[DocumentPerm.add]}>
                <Button icon={<NodeIndexOutlined />} onClick={() => setDialog('fastCreate')}>
                  {t('fastCreate')}
                </Button>
              </HasPermi>
            )}
          </>
        )}
      />
      {libraryId !== undefined && (
        <>
          <ImportDialog open={dialog === 'import'} scope={at} onClose={() => setDialog(null)} onDone={created} />
          <FastCreateDialog open={dialog === 'fastCreate'} scope={at} onClose={() => setDialog(null)} onDone={created} />
          {flightOps && <RevisionDialog scope={at} open={dialog === 'revision'} onClose={() => setDialog(null)} />}
          {flightOps && (
            <FlightopsDrawer scope={at} branch={branch ?? scope.library?.defaultBranch ?? ''} open={dialog === 'flightops'} onClose={() => setDialog(null)} />
          )}
          {s1000d && (
            <>
              <LibraryProblemsDrawer scope={at} open={dialog === 'problems'} onClose={() => setDialog(null)} />
              <ApplicabilityDrawer scope={at} open={dialog === 'applicability'} onClose={() => setDialog(null)} />
              <DmlCoverageDrawer scope={at} open={dialog === 'dml'} onClose={() => setDialog(null)} />
              <TransferDialog scope={at} open={dialog === 'transfer'} onClose={() => setDialog(null)} />
            </>
          )}
        </>
      )}
    </>
  );
}
