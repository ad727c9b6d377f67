import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProductList } from '../../product/components/ProductList';
import { PropertyList } from '../components/PropertyList';

/** Property value management (/data/propertyValue): products and properties side by side in tabs. */
export default function PropertyValuePage() {
  const { t } = useTranslation('library');
  return (
    <Card variant="borderless">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'products', label: t('propertyValue.products'), children: <ProductList /> },
          { key: 'properties', label: t('propertyValue.properties'), children: <PropertyList /> },
        ]}
      />
    </Card>
  );
}
