import { LinkOutlined } from '@ant-design/icons';
import { RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import type { EditorActionProps, PickedElement } from '../../../../shared/slots/slots';
import { LinkDialog } from './LinkDialog';

/**
 * "Link to regulation" in the topic editor's toolbar (the editor-actions slot): the element at
 * the cursor, given an id when it has none, is linked to a clause. The link service checks the
 * id in the saved (indexed) topic, so a new id, or any unsaved edit, is saved first.
 */
export function LinkToRegulationAction({ topic, pickElement, refuseReadOnly, saveFirst }: EditorActionProps) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [linking, setLinking] = useState<{ element: PickedElement; topic: { topicId: number; libraryId: number; title: string } } | null>(null);

  const open = async () => {
    const element = pickElement();
    if (element === null) return;
    if (element === 'none') {
      message.warning(t('link.linkToRegulationHint'));
      return;
    }
    const row = await topic();
    if (!row) {
      message.warning(t('link.notInCatalogue'));
      return;
    }
    if (refuseReadOnly(element)) return;
    setLinking({ element, topic: row });
  };

  const beforeLink = async () => {
    if (!linking?.element.mustSave) return true;
    const saved = await saveFirst(linking.element);
    if (!saved) message.error(t('link.saveFailed'));
    else setLinking((l) => (l ? { ...l, element: { ...l.element, isNew: false, mustSave: false } } : l));
    return saved;
  };

  return (
    <>
      <HasPermi value={[RegulationRelationPerm.add]}>
        <Button icon={<LinkOutlined />} onClick={() => void open()} data-testid="editor-link-regulation">
          {t('link.linkToRegulation')}
        </Button>
      </HasPermi>
      <LinkDialog open={!!linking} topic={linking?.topic} element={linking?.element} beforeLink={beforeLink} onClose={() => setLinking(null)} />
    </>
  );
}
