import { App, Checkbox, Empty, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeniedNotice } from '../../../../shared/auth/Denied';
import { usePublishConfigs } from '../../../content/library/library-queries';
import { usePublish } from '../output-queries';

/** Publish a publication or a document with some of its library's publish configs (one output each). */
export function PublishDialog({
  open,
  libraryId,
  target,
  onClose,
  onPublished,
}: {
  open: boolean;
  libraryId: number;
  target: { publicationId: number } | { documentId: number };
  onClose: () => void;
  /** After the outputs were queued (before onClose). */
  onPublished?: () => void;
}) {
  const { t } = useTranslation('output');
  const { message } = App.useApp();
  const configs = usePublishConfigs(libraryId);
  const publish = usePublish();
  const [chosen, setChosen] = useState<number[]>([]);
  const rows = configs.data ?? [];
  return (
    <Modal
      open={open}
      title={t('publishTitle')}
      okText={t('publish')}
      okButtonProps={{ disabled: chosen.length === 0, loading: publish.isPending }}
      onCancel={onClose}
      destroyOnHidden
      onOk={() =>
        publish.mutate(
          { ...target, configIds: chosen },
          {
            onSuccess: () => {
              message.success(t('queued'));
              setChosen([]);
              onPublished?.();
              onClose();
            },
          },
        )
      }
    >
      {configs.error ? (
        // A refused list is no empty one: it says which right is missing (any other error was shown already).
        <DeniedNotice error={configs.error} />
      ) : rows.length === 0 ? (
        <Empty description={t('noConfigs')} />
      ) : (
        <Checkbox.Group
          value={chosen}
          onChange={(v) => setChosen(v as number[])}
          options={rows.map((c) => ({ value: c.configId, label: `${c.configName} (${c.format}, ${c.lang})` }))}
        />
      )}
    </Modal>
  );
}
