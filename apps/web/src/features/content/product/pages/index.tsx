import { ProductList } from '../components/ProductList';

/** Products (menu component ccms/product/index). */
export default function ProductPage() {
  return <ProductList />;
}
