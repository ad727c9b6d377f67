import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SearchPerm } from '@ccms/contracts/content/search';
import { corpusForTests } from '../../../../../../test-support/corpus';

/**
 * The corpus the catalogue and publish tests index (the DITA-OT documentation), or undefined when
 * it is absent: those suites then skip (one printed line), and fail under CI=true.
 */
export const corpusDir = corpusForTests;

/** Every permission string of the document, topic, catalogue and search routes. */
export const CATALOG_PERMS = [
  'ccms:document:list',
  'ccms:document:query',
  'ccms:document:add',
  'ccms:document:edit',
  'ccms:document:import',
  'ccms:topic:list',
  'ccms:topic:query',
  'ccms:topic:edit',
  SearchPerm.list,
];

/** A Chinese topic no map reaches: search must find it by a word without spaces. */
export const CHINESE_TOPIC = {
  path: 'zh/install-guide.dita',
  content: `<?xml version="1.0" encoding="UTF-8"?>
<topic id="zh-install" xml:lang="zh-CN">
  <title>安装指南</title>
  <shortdesc>本主题介绍如何安装和配置发布工具。</shortdesc>
  <body>
    <p>首先下载软件包，然后运行安装程序。安装完成后，请检查环境变量是否正确。</p>
  </body>
</topic>
`,
};

/** A copy of the corpus with extra files, in a temp folder (the caller removes it). */
export async function corpusCopy(corpus: string, extra: Record<string, string> = {}): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ccms-corpus-'));
  await cp(corpus, dir, { recursive: true });
  for (const [file, content] of Object.entries(extra)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
