import { PlusOutlined } from '@ant-design/icons';
import { RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { Button, Card, Checkbox, Empty, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { LinkDialog } from '../components/LinkDialog';
import { LinksTable } from '../components/LinksTable';
import { useRegulationOptions } from '../regulation-queries';

/** Regulation relationship (menu component ccms/regulation/relation): the links of a regulation, those to re-verify first. */
export default function RegulationRelationPage() {
  const { t } = useTranslation('compliance');
  const [params] = useSearchParams();
  const regulations = useRegulationOptions();
  const [regulationId, setRegulationId] = useState<number | undefined>(() => Number(params.get('regulationId')) || undefined);
  const [flagged, setFlagged] = useState(params.get('flagged') === 'true');
  const [adding, setAdding] = useState(false);
  const chosen = regulations.data?.rows.find((r) => r.regulationId === regulationId);
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 320 }}
          placeholder={t('link.chooseRegulation')}
          value={regulationId}
          onChange={setRegulationId}
          showSearch
          optionFilterProp="label"
          options={(regulations.data?.rows ?? []).map((r) => ({ value: r.regulationId, label: `${r.name} ${r.revision}` }))}
        />
        <Checkbox checked={flagged} onChange={(e) => setFlagged(e.target.checked)}>
          {t('link.onlyFlagged')}
        </Checkbox>
        <HasPermi value={[RegulationRelationPerm.add]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('link.add')}
          </Button>
        </HasPermi>
      </Space>
      {regulationId === undefined ? (
        <Empty description={t('link.chooseRegulation')} />
      ) : (
        <LinksTable params={{ regulationId, flagged: flagged ? 'true' : undefined }} canWrite={chosen?.abilities.write ?? false} />
      )}
      <LinkDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
