import { Card } from 'antd';
import { ReviewCommentList } from '../components/ReviewCommentList';

/** The review comment list (menu ccms/workitem/reviewComment). */
export default function ReviewCommentPage() {
  return (
    <Card variant="borderless">
      <ReviewCommentList />
    </Card>
  );
}
