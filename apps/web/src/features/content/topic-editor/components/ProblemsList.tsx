import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Located problems of a refused save, or the warnings of a save that went through (errors the file
 * already had among them); a click jumps to the place in the source view.
 */
export function ProblemsList({ problems, onJump, onClose }: { problems: EditorProblem[]; onJump: (problem: EditorProblem) => void; onClose: () => void }) {
  const { t } = useTranslation('topic-editor');
  if (problems.length === 0) return null;
  const refused = problems.some((p) => p.severity === 'error');
  return (
    <Alert
      type={refused ? 'error' : 'warning'}
      showIcon
      closable={{ onClose }}
      data-testid="save-problems"
      title={refused ? t('problemsTitle') : t('warningsTitle')}
      description={
        <List
          size="small"
          dataSource={problems}
          renderItem={(p) => (
            <List.Item>
              <Typography.Link onClick={() => onJump(p)} data-testid="save-problem">
                <Typography.Text type={p.severity === 'error' ? 'danger' : 'warning'}>
                  {p.line > 0 ? t('problemAt', { line: p.line, column: p.column }) : t('problemNoPlace')}
                </Typography.Text>{' '}
                {p.message} <Typography.Text type="secondary">({p.code})</Typography.Text>
              </Typography.Link>
            </List.Item>
          )}
        />
      }
    />
  );
}
