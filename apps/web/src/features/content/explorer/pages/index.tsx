import { Card } from 'antd';
import { Explorer } from '../components/Explorer';

/** The explorer (menu component ccms/explorer/index): any library the user may read. */
export default function ExplorerPage() {
  return (
    <Card variant="borderless">
      <Explorer />
    </Card>
  );
}
