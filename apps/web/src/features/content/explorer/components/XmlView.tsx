import { useMemo } from 'react';
import { tokenizeXml } from '../xml-highlight';
import '../explorer.css';

/** XML text, read-only and highlighted (the file viewer's, the S1000D instance's). */
export function XmlView({ source, testId = 'file-content' }: { source: string; testId?: string }) {
  const tokens = useMemo(() => tokenizeXml(source), [source]);
  return (
    <pre className="ccms-code" data-testid={testId}>
      {tokens.map((tok, i) =>
        tok.kind === 'text' ? (
          tok.text
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: tokens never move
          <span key={i} className={`xml-${tok.kind}`}>
            {tok.text}
          </span>
        ),
      )}
    </pre>
  );
}
