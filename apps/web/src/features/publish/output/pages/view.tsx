import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resourceUrl } from '../../../../api/client';
import { useOutput } from '../output-queries';

/** One output in the app (stable URL ?outputId=N): its HTML5 pages or its PDF in a frame, served sandboxed by the server. */
export default function OutputViewPage() {
  const { t } = useTranslation('output');
  const [params] = useSearchParams();
  const outputId = Number(params.get('outputId')) || undefined;
  const output = useOutput(outputId);
  if (output.isLoading) return <Spin />;
  if (!output.data?.viewUrl) return <Empty description={t('viewer.notReady')} />;
  return (
    <iframe
      title={t('viewer.frameTitle', { name: output.data.path })}
      src={resourceUrl(output.data.viewUrl)}
      data-testid="output-frame"
      style={{ width: '100%', height: 'calc(100vh - 94.5px)', border: 0 }}
    />
  );
}
