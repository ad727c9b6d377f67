import { ArrowLeftOutlined } from '@ant-design/icons';
import { PORTAL_PATH } from '@ccms/contracts/publish/portal-path';
import { Empty, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { resourceUrl } from '../../../../api/client';
import { OutputFacts } from '../components/PublicationList';
import { portalViewPath } from '../portal-paths';
import { usePortalOutput } from '../portal-queries';

/** An output opened in place under the portal header: HTML5 pages or the PDF in the browser's viewer, in a frame. */
export default function PortalView() {
  const { t } = useTranslation('portal');
  const { outputId } = useParams();
  const [params] = useSearchParams();
  const id = Number(outputId) || undefined;
  const page = params.get('page') || undefined;
  const opened = usePortalOutput(id, page);
  if (opened.isLoading) return <Spin style={{ margin: 48 }} />;
  const data = opened.data;
  if (!data) return <Empty style={{ margin: 48 }} description={t('cannotOpen')} />;
  const format = t(`formats.${data.output.format === 'pdf' ? 'pdf' : 'html5'}`);
  return (
    <div className="portal-viewer">
      <div className="portal-viewer-bar">
        <Link to={PORTAL_PATH}>
          <ArrowLeftOutlined /> {t('back')}
        </Link>
        <Typography.Text strong data-testid="portal-view-title">
          {data.title}
        </Typography.Text>
        <OutputFacts output={data.output} />
        {data.others.length > 0 && (
          <Space wrap size={8}>
            <Typography.Text type="secondary">{t('others')}:</Typography.Text>
            {data.others.map((o) => (
              <Link key={o.outputId} to={portalViewPath(o.outputId)}>
                {o.lang} · {t(`formats.${o.format === 'pdf' ? 'pdf' : 'html5'}`)}
              </Link>
            ))}
          </Space>
        )}
      </div>
      <iframe
        key={data.viewUrl}
        className="portal-frame"
        title={t('frameTitle', { title: data.title, lang: data.output.lang, format })}
        src={resourceUrl(data.viewUrl)}
        data-testid="portal-frame"
      />
    </div>
  );
}
