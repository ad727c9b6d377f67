import type { ComplianceReport, MatrixRow, Totals } from '@ccms/contracts/compliance/compliance-report';
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { DEFAULT_CHROMIUM, withConfinedPage } from '@ccms/dita';
import { processSettings } from '../../../platform/config';

const CHROMIUM = processSettings().chromium ?? DEFAULT_CHROMIUM;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface FullReport {
  report: ComplianceReport;
  rows: MatrixRow[];
  totals: Totals;
  commitNote: boolean;
}

/**
 * The signed-off report as print HTML, every word in the report's language: cover (regulation and its
 * revision, scope, frozen or live with its date, the author), totals, the matrix, the evidence list with commits.
 */
export function reportHtml({ report, rows, totals, commitNote }: FullReport, lang: Language, printedAt: Date = new Date()): string {
  const t = (key: string) => translate(lang, key);
  const verdict = (v: string) => t(`report.verdict.${v}`);
  const matrix = rows
    .map(
      (r) =>
        `<tr><td>${esc(r.number)}</td><td>${esc(r.title)}</td><td class="v-${r.verdict}">${esc(verdict(r.verdict))}</td><td>${r.links
          .map((l) => `${esc(l.means)} ${esc(l.targetTitle)}`)
          .join('<br>')}${r.verdict === 'notApplicable' ? esc(r.justification) : ''}${(r.outOfScope ?? [])
          .map((o) => `<br><i>${esc(translate(lang, 'report.pdf.outOfScope', { title: o.targetTitle || o.path, branch: o.branch }))}</i>`)
          .join('')}</td></tr>`,
    )
    .join('');
  const evidence = rows
    .flatMap((r) =>
      r.links.map(
        (l) =>
          `<tr><td>${esc(r.number)}</td><td>${esc(t(`report.target.${l.targetType}`))}</td><td>${esc(l.targetTitle)}</td><td>${esc(l.path)}</td><td>${esc(l.status)}</td><td>${esc(l.approvedCommit.slice(0, 12))}</td><td>${esc(l.approvedBy)}</td></tr>`,
      ),
    )
    .join('');
  const count = (k: keyof Totals) =>
    `<tr><th>${esc(k === 'clauses' || k === 'links' || k === 'coverage' ? t(`report.pdf.${k}`) : verdict(k))}</th><td>${totals[k]}${k === 'coverage' ? ' %' : ''}</td></tr>`;
  const locale = lang === 'zh' ? 'zh-CN' : 'en';
  const day = (d: Date | string | null) =>
    d ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(d)) : '';
  // The cover says what the reader holds: frozen (who, when) or live as of the print, the regulation's revision.
  const state = report.frozen
    ? translate(lang, 'report.pdf.frozen', { by: report.frozenBy, time: day(report.frozenTime) })
    : translate(lang, 'report.pdf.live', { time: day(printedAt) });
  return `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><style>
body{font-family:'Noto Sans CJK SC','Noto Sans',sans-serif;font-size:10pt}
.cover{page-break-after:always;padding-top:60mm;text-align:center} h1{font-size:22pt}
table{border-collapse:collapse;width:100%;margin:6mm 0} td,th{border:1px solid #999;padding:2px 4px;text-align:left;vertical-align:top}
.v-covered{color:#237804}.v-partial{color:#ad6800}.v-notCovered{color:#a8071a}
</style></head><body>
<div class="cover"><h1>${esc(report.name)}</h1><h2>${esc(report.regulationName)}</h2>
<p class="revision">${esc(translate(lang, 'report.pdf.revision', { revision: report.regulationRevision }))}</p><p class="scope">${esc(report.scopeLabel)}</p>
<p class="state">${esc(state)}</p><p class="author">${esc(translate(lang, 'report.pdf.createdBy', { by: report.createBy, time: day(report.createTime) }))}</p></div>
<h2>${esc(t('report.excel.sheet'))}</h2>
<table>${(['clauses', 'covered', 'partial', 'notCovered', 'notApplicable', 'links', 'coverage'] as const).map(count).join('')}</table>
${commitNote ? `<p>* ${esc(t('report.pdf.commitNote'))}</p>` : ''}
<table><thead><tr><th>${esc(t('report.excel.number'))}</th><th>${esc(t('report.excel.title'))}</th><th>${esc(t('report.excel.verdict'))}</th><th>${esc(t('report.excel.target'))}</th></tr></thead><tbody>${matrix}</tbody></table>
<h2>${esc(t('report.excel.approvedCommit'))}</h2>
<table><thead><tr><th>${esc(t('report.excel.number'))}</th><th>${esc(t('report.excel.targetType'))}</th><th>${esc(t('report.excel.target'))}</th><th>${esc(t('report.excel.path'))}</th><th>${esc(t('report.excel.status'))}</th><th>${esc(t('report.excel.approvedCommit'))}</th><th>${esc(t('report.excel.approvedBy'))}</th></tr></thead><tbody>${evidence}</tbody></table>
</body></html>`;
}

/**
 * Prints the report HTML to PDF with the system Chromium, as publishing does: the page may load nothing at all (the
 * report is one self-contained document), so text from the database can never make it fetch a file or an address.
 */
export async function reportPdf(full: FullReport, lang: Language): Promise<Buffer> {
  return withConfinedPage({ executable: CHROMIUM }, async (page) => {
    await page.setContent(reportHtml(full, lang), { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '18mm', bottom: '18mm', left: '15mm', right: '15mm' } });
  });
}
