import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { XmlProfileList } from '../../xml-profile/components/XmlProfileList';
import { DoctypeList } from '../components/DoctypeList';

/** Document types and XML profiles (menu component ccms/doctype/index). */
export default function DoctypePage() {
  const { t } = useTranslation('xml-profile');
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'doctypes', label: t('tabDoctypes'), children: <DoctypeList /> },
        { key: 'profiles', label: t('tabProfiles'), children: <XmlProfileList /> },
      ]}
    />
  );
}
