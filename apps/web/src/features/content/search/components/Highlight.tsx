import type { TextPart } from '@ccms/contracts/content/search';

/** Highlighted text from the server: the pieces the query matched are marked. */
export function Highlight({ parts, fallback = '' }: { parts: readonly TextPart[]; fallback?: string }) {
  if (parts.length === 0) return <>{fallback}</>;
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <mark key={i}>{p.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
