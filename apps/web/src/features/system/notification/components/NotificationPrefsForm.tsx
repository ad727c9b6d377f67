import { NOTIFICATION_EVENTS, type NotificationPrefs } from '@ccms/contracts/system/notification';
import { App, Button, Checkbox, Radio, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../notification-queries';

/** The personal center's notice settings: per event, in the app and by mail; the language of mails. */
export function NotificationPrefsForm() {
  const { t } = useTranslation('notification');
  const { message } = App.useApp();
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const [draft, setDraft] = useState<NotificationPrefs | undefined>();
  useEffect(() => setDraft(prefs.data), [prefs.data]);
  if (!draft) return <Skeleton active paragraph={{ rows: 6 }} />;

  const toggle = (event: (typeof NOTIFICATION_EVENTS)[number], channel: 'inApp' | 'mail', on: boolean) =>
    setDraft({ ...draft, events: { ...draft.events, [event]: { ...draft.events[event], [channel]: on } } });

  return (
    <div className="notification-prefs">
      <p>
        {t('mailLanguage')}:{' '}
        <Radio.Group
          value={draft.lang}
          onChange={(e) => setDraft({ ...draft, lang: e.target.value })}
          options={[
            { value: 'zh', label: t('langZh') },
            { value: 'en', label: t('langEn') },
          ]}
        />
      </p>
      <Table
        size="small"
        pagination={false}
        rowKey="event"
        dataSource={NOTIFICATION_EVENTS.map((event) => ({ event }))}
        columns={[
          { key: 'event', title: t('event'), render: (_: unknown, r: { event: (typeof NOTIFICATION_EVENTS)[number] }) => t(`events.${r.event}`) },
          {
            key: 'inApp',
            title: t('inApp'),
            width: 120,
            render: (_: unknown, r: { event: (typeof NOTIFICATION_EVENTS)[number] }) => (
              <Checkbox
                aria-label={`${t(`events.${r.event}`)} ${t('inApp')}`}
                checked={draft.events[r.event]?.inApp ?? true}
                onChange={(e) => toggle(r.event, 'inApp', e.target.checked)}
              />
            ),
          },
          {
            key: 'mail',
            title: t('mail'),
            width: 120,
            render: (_: unknown, r: { event: (typeof NOTIFICATION_EVENTS)[number] }) => (
              <Checkbox
                aria-label={`${t(`events.${r.event}`)} ${t('mail')}`}
                checked={draft.events[r.event]?.mail ?? true}
                onChange={(e) => toggle(r.event, 'mail', e.target.checked)}
              />
            ),
          },
        ]}
      />
      <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={() => save.mutateAsync(draft).then(() => message.success(t('saved')))}>
        {t('save')}
      </Button>
    </div>
  );
}
