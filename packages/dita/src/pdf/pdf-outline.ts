/** Reads which page each named destination of a Chromium PDF lands on (1-based), from /Dests and the page tree. */
export function namedDestinationPages(pdf: Buffer): Map<string, number> {
  const s = pdf.toString('latin1');
  const objects = new Map<number, string>();
  const re = /(?:^|[\r\n])(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) objects.set(Number(m[1]), m[2] ?? '');
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog/.test(o));
  const out = new Map<string, number>();
  if (catalog === undefined) return out;
  const pagesRef = /\/Pages\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  const order = new Map<number, number>();
  const walk = (id: number): void => {
    const o = objects.get(id);
    if (o === undefined) return;
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(o)?.[1];
    if (kids !== undefined && /\/Type\s*\/Pages/.test(o)) {
      for (const k of kids.matchAll(/(\d+)\s+0\s+R/g)) walk(Number(k[1]));
    } else order.set(id, order.size + 1);
  };
  if (pagesRef !== undefined) walk(Number(pagesRef));
  const destsRef = /\/Dests\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  const dests = destsRef !== undefined ? objects.get(Number(destsRef)) : /\/Dests\s*(<<[\s\S]*?>>)/.exec(catalog)?.[1];
  if (dests === undefined) return out;
  for (const m of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+)\s+0\s+R/g)) {
    const name = (m[1] ?? '').replace(/#([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    const page = order.get(Number(m[2]));
    if (page !== undefined) out.set(name, page);
  }
  return out;
}

/** Number of pages (leaf /Page objects) of a PDF. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}
