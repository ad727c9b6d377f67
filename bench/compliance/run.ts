/**
 * Compliance benchmark: a regulation of 5,000 clauses (imported as a text outline through the
 * API) and 20,000 links over a 5,000-topic document, then the report's matrix page and the full
 * Excel export through the API (app in-process, PGlite, as the administrator). The first page
 * computes the matrix; the pages after it are served from the matrix cache (p50/p95), and one page
 * after a link change shows the cost of computing it again.
 *
 * The 5,000 topics and their document are written as catalogue rows (what the indexer writes),
 * not indexed from git: the matrix and the export read only the catalogue, and the catalogue
 * benchmark measures indexing. Links are inserted in bulk for the same reason (the link API
 * would take 20,000 requests to set up).
 *
 *   node --import tsx bench/compliance/run.ts [--clauses 5000] [--links 20000] [--pages 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startApp } from '../lib/app';

const { values } = parseArgs({ options: { clauses: { type: 'string' }, links: { type: 'string' }, pages: { type: 'string' } } });
const CLAUSES = Number(values.clauses ?? 5000);
const LINKS = Number(values.links ?? 20000);
const PAGES = Number(values.pages ?? 20);
const TOPICS = 5000;

const ms = (n: number) => `${n.toFixed(0)} ms`;
const verdict = (value: number, target: number) => (value < target ? 'met' : 'NOT met');

/** "1", "1.1", "1.1(a)": 50 sections of 10 paragraphs of sub-paragraphs, three levels. */
function outline(n: number): string {
  const lines: string[] = [];
  let count = 0;
  for (let s = 1; count < n; s++) {
    lines.push(`${s} Section ${s}`, `Requirements of section ${s}.`);
    count++;
    for (let p = 1; p <= 10 && count < n; p++) {
      lines.push(`${s}.${p} Paragraph ${s}.${p}`, `Text of paragraph ${s}.${p}.`);
      count++;
      for (const letter of 'abcdefgh') {
        if (count >= n) break;
        lines.push(`${s}.${p}(${letter}) Item ${letter}`, `The aeroplane must meet item ${letter} of ${s}.${p}.`);
        count++;
      }
    }
  }
  return lines.join('\n');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ccms-bench-compliance-'));
  const app = await startApp(dataDir, 'admin123');
  try {
    const { regulationId } = (
      await app.call<{ data: { regulationId: number } }>('POST', '/ccms/regulation', {
        body: { name: 'BENCH-25', title: 'Bench regulation', organization: 'EASA', revision: '1', issueDate: '2024-01-01' },
      })
    ).data;
    let t = performance.now();
    const imported = await app.call<{ data: { added: number } }>('POST', '/ccms/regulation/clause/importOutline', {
      body: { regulationId, outline: outline(CLAUSES) },
    });
    console.log(`outline import of ${imported.data.added} clauses: ${ms(performance.now() - t)}`);

    // The catalogue of one library branch: 5,000 topics, one document reading them all, half of them approved.
    const sql = app.sql;
    await sql(`INSERT INTO ccms_library (name, library_type, url, default_branch) VALUES ('bench', 'DITA', 'http://127.0.0.1/bench.git', 'main')`);
    const libraryId = Number((await sql(`SELECT library_id FROM ccms_library WHERE name = 'bench'`))[0]?.library_id);
    await sql(
      `INSERT INTO ccms_catalog_topic (library_id, branch, path, title, body, hash)
       SELECT ${libraryId}, 'main', 'topics/t' || g || '.dita', 'Topic ' || g, 'Body of topic ' || g, md5(g::text) FROM generate_series(1, ${TOPICS}) g`,
    );
    await sql(
      `INSERT INTO ccms_catalog_meta (library_id, branch, path, status)
       SELECT ${libraryId}, 'main', 'topics/t' || g || '.dita', CASE WHEN g % 2 = 0 THEN 'approved' ELSE 'draft' END FROM generate_series(1, ${TOPICS}) g`,
    );
    await sql(
      `INSERT INTO ccms_approved_revision (library_id, branch, path, commit, approved_by)
       SELECT ${libraryId}, 'main', 'topics/t' || g || '.dita', md5('c' || g) || 'abcdefgh', 'admin' FROM generate_series(2, ${TOPICS}, 2) g`,
    );
    await sql(
      `INSERT INTO ccms_catalog_document (library_id, branch, path, name, files)
       VALUES (${libraryId}, 'main', 'bench.ditamap', 'Bench manual', (SELECT jsonb_agg('topics/t' || g || '.dita') FROM generate_series(1, ${TOPICS}) g))`,
    );
    const documentId = Number((await sql(`SELECT document_id FROM ccms_catalog_document WHERE path = 'bench.ditamap'`))[0]?.document_id);
    t = performance.now();
    await sql(
      `WITH c AS (SELECT clause_id, (row_number() OVER (ORDER BY clause_id) - 1)::int AS i FROM ccms_regulation_clause WHERE regulation_id = ${regulationId}),
            t AS (SELECT *, (row_number() OVER (ORDER BY topic_id) - 1)::int AS i FROM ccms_catalog_topic WHERE library_id = ${libraryId})
       INSERT INTO ccms_regulation_link (regulation_id, clause_id, target_type, library_id, branch, path, topic_id, target_title, means, verified_hash, create_by)
       SELECT ${regulationId}, c.clause_id, 'topic', t.library_id, t.branch, t.path, t.topic_id, t.title, 'MC' || (g % 10), t.hash, 'admin'
       FROM generate_series(0, ${LINKS - 1}) g
       JOIN c ON c.i = (g * 7) % ${CLAUSES}
       JOIN t ON t.i = (g * 13) % ${TOPICS}`,
    );
    console.log(`${LINKS} links inserted: ${ms(performance.now() - t)}`);

    // PostgreSQL's autovacuum would analyze after such bulk writes; PGlite has none, so the bench does.
    await sql('ANALYZE');
    const { reportId } = (
      await app.call<{ data: { reportId: number } }>('POST', '/ccms/complianceReport', {
        body: { name: 'Bench', scope: { regulationId, scopeType: 'document', documentId } },
      })
    ).data;
    const times: number[] = [];
    let totals: unknown;
    for (let i = 0; i < PAGES + 1; i++) {
      t = performance.now();
      const m = await app.call<{ data: { totals: unknown } }>('GET', `/ccms/complianceReport/${reportId}/matrix`, {
        query: { pageNum: (i % 50) + 1, pageSize: 50 },
      });
      if (i > 0) times.push(performance.now() - t);
      else console.log(`first matrix page (computes the matrix and caches it): ${ms(performance.now() - t)}`);
      totals = m.data.totals;
    }
    // A link changes: the next page computes the matrix again (its version stamp moved).
    await sql(`UPDATE ccms_regulation_link SET means = 'MC9', update_time = now() WHERE link_id = (SELECT min(link_id) FROM ccms_regulation_link)`);
    t = performance.now();
    await app.call('GET', `/ccms/complianceReport/${reportId}/matrix`, { query: { pageNum: 1, pageSize: 50 } });
    console.log(`matrix page after a link changed (computed again): ${ms(performance.now() - t)}`);
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
    console.log(`totals: ${JSON.stringify(totals)}`);
    console.log(`matrix page (50 rows) over ${CLAUSES} clauses / ${LINKS} links: p50 ${ms(p50)}, p95 ${ms(p95)} — target < 300 ms: ${verdict(p95, 300)}`);

    t = performance.now();
    const bytes = await app.raw('POST', `/ccms/complianceReport/${reportId}/export`);
    const exportMs = performance.now() - t;
    console.log(
      `full Excel export (${LINKS} link rows): ${ms(exportMs)}, ${(bytes / 1024 / 1024).toFixed(1)} MB — target < 10000 ms: ${verdict(exportMs, 10000)}`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
