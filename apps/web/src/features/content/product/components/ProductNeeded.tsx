import { ProductPerm } from '@ccms/contracts/content/product';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deniedOf, deniedText } from '../../../../api/denied';
import { useHasPermi } from '../../../../shared/auth/HasPermi';

/** Where products are made (System → Settings → Products). */
export const PRODUCTS_PATH = '/manager/settings/product';

/**
 * Above a form whose rows belong to a product (variables, filters, data properties): says why the
 * product list is empty instead of leaving a required select with nothing to choose. No product
 * yet: a product is needed, with a link to where products are made for those who may open it;
 * the list refused: the right that is missing.
 */
export function ProductNeeded({ products }: { products: { loading: boolean; options: readonly unknown[]; error: unknown } }) {
  const { t } = useTranslation('library');
  const mayOpen = useHasPermi([ProductPerm.list]);
  if (products.loading) return null;
  const denied = deniedOf(products.error);
  if (denied) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="product-needed" title={deniedText(denied, 'see')} />;
  if (products.options.length > 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="product-needed"
      title={t('product.needed')}
      description={
        <>
          {t('product.neededWhy')} {mayOpen ? <Link to={PRODUCTS_PATH}>{t('product.neededLink')}</Link> : t('product.neededAsk')}
        </>
      }
    />
  );
}
