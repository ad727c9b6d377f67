const TEXT_RE = /[&<>]/;
const ATTR_RE = /[&<>"]/;

export function escapeText(s: string): string {
  if (!TEXT_RE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(s: string): string {
  if (!ATTR_RE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
