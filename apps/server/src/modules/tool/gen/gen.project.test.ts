import { execFile } from 'node:child_process';
import { access, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { registrations, webRegistrations } from './gen.register';

/**
 * The generator's proof: modules generated from sample tables (one per template) are dropped
 * into a copy of the project, registered, migrated, type-checked with tsc (the server's and the
 * contracts' files with the server's settings, the web's with the web's: DOM, JSX, vite/client,
 * typed i18n), and their own API tests run there with vitest. Slow (a full type-check and a second test run): its own vitest
 * project, "gen-project".
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../../..');

let t: TestApp;
let admin: Caller;
let copy: string;

interface GenFileOut {
  path: string;
  content: string;
}

async function importAs(tableName: string, settings: Record<string, unknown>): Promise<GenFileOut[]> {
  expect((await admin.post(`/prod-api/tool/gen/importTable?tables=${tableName}`)).body.code).toBe(200);
  const list = await admin.get('/prod-api/tool/gen/list', { tableName });
  const tableId = list.body.rows[0].tableId;
  const { table, columns } = (await admin.get(`/prod-api/tool/gen/${tableId}`)).body.data;
  const columnSettings = columns.map((c: Record<string, unknown>) => {
    const { columnId, propName, tsType, labelZh, labelEn, isRequired, isInsert, isEdit, isList, isQuery, queryType, htmlType, dictType } = c;
    return { columnId, propName, tsType, labelZh, labelEn, isRequired, isInsert, isEdit, isList, isQuery, queryType, htmlType, dictType };
  });
  expect((await admin.put('/prod-api/tool/gen', { ...table, columns: columnSettings, ...settings })).body.code).toBe(200);
  return (await admin.get(`/prod-api/tool/gen/preview/${tableId}`)).body.data;
}

/** A copy of what the server's tests and the web's type-check need: root config, contracts, the server, the web; node_modules linked, @ccms pointing into the copy. */
async function copyProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ccms-gen-project-'));
  for (const f of ['package.json', 'tsconfig.base.json']) await cp(path.join(root, f), path.join(dir, f));
  const noModules = (src: string) => !src.split(path.sep).includes('node_modules');
  await cp(path.join(root, 'packages/contracts'), path.join(dir, 'packages/contracts'), { recursive: true, filter: noModules });
  await cp(path.join(root, 'apps/server'), path.join(dir, 'apps/server'), { recursive: true, filter: noModules });
  await cp(path.join(root, 'apps/web'), path.join(dir, 'apps/web'), { recursive: true, filter: noModules });
  const webModules = path.join(root, 'apps/web/node_modules');
  if (
    await access(webModules).then(
      () => true,
      () => false,
    )
  )
    await symlink(webModules, path.join(dir, 'apps/web/node_modules'));
  await mkdir(path.join(dir, 'node_modules/@ccms'), { recursive: true });
  for (const name of await readdir(path.join(root, 'node_modules'))) {
    if (name !== '@ccms') await symlink(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  await symlink(path.join(dir, 'packages/contracts'), path.join(dir, 'node_modules/@ccms/contracts'));
  await symlink(path.join(dir, 'apps/server'), path.join(dir, 'node_modules/@ccms/server'));
  await symlink(path.join(dir, 'apps/web'), path.join(dir, 'node_modules/@ccms/web'));
  await symlink(path.join(root, 'packages/dita'), path.join(dir, 'node_modules/@ccms/dita'));
  await symlink(path.join(root, 'packages/s1000d'), path.join(dir, 'node_modules/@ccms/s1000d'));
  await symlink(path.join(root, 'packages/ata2300'), path.join(dir, 'node_modules/@ccms/ata2300'));
  await symlink(path.join(root, 'packages/xmlprofile'), path.join(dir, 'node_modules/@ccms/xmlprofile'));
  await symlink(path.join(root, 'packages/flightops'), path.join(dir, 'node_modules/@ccms/flightops'));
  return dir;
}

/** Output without terminal colours, to match on. */
const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

/** Runs a node script in the copy; answers its output, or throws with it. */
async function node(args: string[], timeout: number) {
  // The outer run's vitest variables would make the inner vitest think it is a worker.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'TEST' && k !== 'FORCE_COLOR')),
    NO_COLOR: '1',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: copy, env, timeout, maxBuffer: 20 * 1024 * 1024 });
    return { ok: true, out: plain(stdout + stderr) };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return { ok: false, out: plain(`${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`) };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.database.db;
  await db.execute(sql`CREATE TABLE ccms_gadget (
    gadget_id integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
    gadget_name varchar(64) NOT NULL,
    status varchar(1) NOT NULL DEFAULT '0',
    weight integer,
    price numeric(10, 2),
    released boolean NOT NULL DEFAULT false,
    due_date timestamp with time zone,
    description text,
    create_by varchar(64) NOT NULL DEFAULT '',
    create_time timestamp with time zone NOT NULL DEFAULT now(),
    update_by varchar(64) NOT NULL DEFAULT '',
    update_time timestamp with time zone
  )`);
  await db.execute(sql`CREATE TABLE ccms_gadget_group (
    group_id integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
    parent_id integer,
    group_name varchar(50) NOT NULL,
    order_num integer NOT NULL DEFAULT 0
  )`);
  await db.execute(sql`CREATE TABLE ccms_gadget_order (
    order_id integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
    order_no varchar(32) NOT NULL,
    remark text
  )`);
  await db.execute(sql`CREATE TABLE ccms_gadget_order_line (
    line_id integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
    order_id integer NOT NULL,
    item_name varchar(64) NOT NULL,
    quantity integer NOT NULL DEFAULT 1
  )`);
  copy = await copyProject();
}, 180_000);
afterAll(async () => {
  await t.close();
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('a generated module in a copy of the project', () => {
  it('registers, migrates, type-checks with tsc and passes its own API tests (crud, tree, master-detail)', async () => {
    const started = Date.now();
    const modules = [
      { entityName: 'gadget', functionNameEn: 'Gadgets', files: await importAs('ccms_gadget', { functionNameEn: 'Gadgets' }) },
      {
        entityName: 'gadgetGroup',
        functionNameEn: 'Gadget groups',
        files: await importAs('ccms_gadget_group', {
          functionNameEn: 'Gadget groups',
          tplCategory: 'tree',
          treeParentColumn: 'parent_id',
          treeNameColumn: 'group_name',
        }),
      },
      {
        entityName: 'gadgetOrder',
        functionNameEn: 'Gadget orders',
        files: await importAs('ccms_gadget_order', {
          functionNameEn: 'Gadget orders',
          tplCategory: 'sub',
          subTableName: 'ccms_gadget_order_line',
          subTableFkName: 'order_id',
        }),
      },
    ];
    // The server's, the contracts' and the web's files go into the copy (the docs page is for people).
    const all = modules.flatMap((m) => m.files);
    const serverFiles = all.filter((f) => f.path.startsWith('apps/server/') || f.path.startsWith('packages/contracts/'));
    const webFiles = all.filter((f) => f.path.startsWith('apps/web/'));
    expect(serverFiles).toHaveLength(3 * 7);
    expect(webFiles).toHaveLength(3 * 6);
    for (const f of [...serverFiles, ...webFiles]) {
      await mkdir(path.dirname(path.join(copy, f.path)), { recursive: true });
      await writeFile(path.join(copy, f.path), f.content);
    }
    for (const m of modules) {
      for (const r of [...registrations({ area: 'work', ...m }), ...webRegistrations({ area: 'work', ...m })]) {
        const file = path.join(copy, r.path);
        await writeFile(file, r.apply(await readFile(file, 'utf8')));
      }
    }
    const migrate = await node(['node_modules/drizzle-kit/bin.cjs', 'generate', '--config', 'apps/server/drizzle.config.ts', '--name', 'gadgets'], 120_000);
    expect(migrate.ok, migrate.out).toBe(true);
    const migration = (await readdir(path.join(copy, 'apps/server/src/db/migrations'))).find((f) => f.endsWith('_gadgets.sql'));
    expect(await readFile(path.join(copy, `apps/server/src/db/migrations/${migration}`), 'utf8')).toContain('CREATE TABLE "ccms_gadget_order_line"');
    expect(await readFile(path.join(copy, `apps/server/src/db/migrations/${migration}`), 'utf8')).toContain('"price" numeric(10, 2)');

    const tests = serverFiles.filter((f) => f.path.endsWith('.test.ts')).map((f) => f.path);
    await writeFile(
      path.join(copy, 'apps/server/tsconfig.gen.json'),
      JSON.stringify({
        extends: '../../tsconfig.base.json',
        // The global setup declares what the test harness injects.
        files: ['test/global-setup.ts', ...serverFiles.map((f) => path.relative('apps/server', f.path))],
      }),
    );
    // The router's new entries, checked on their own: the whole page map would type-check every
    // screen of the app (about three times the work). Each import, as registered, must give what
    // the map's page() asks of it: a default export that is a component.
    const pages = await readFile(path.join(copy, 'apps/web/src/app/router/pages.tsx'), 'utf8');
    const routed = [...pages.matchAll(/^ {2}'work\/[a-z-]+\/index': page\(\(\) => import\(('[^']+')\)\),$/gm)].map((m) => m[1]);
    expect(routed).toHaveLength(3);
    await writeFile(
      path.join(copy, 'apps/web/src/app/router/gen-pages.check.ts'),
      `import type { ComponentType } from 'react';\n\nexport const generated: (() => Promise<{ default: ComponentType }>)[] = [\n${routed.map((p) => `  () => import(${p}),\n`).join('')}];\n`,
    );
    // The web's own settings (its tsconfig.json), narrowed to the generated files and what an
    // integrator edits for them: the typed i18n resources and the router's page map.
    await writeFile(
      path.join(copy, 'apps/web/tsconfig.gen.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: [],
        files: ['src/vite-env.d.ts', 'src/i18n/types.ts', 'src/app/router/gen-pages.check.ts', ...webFiles.map((f) => path.relative('apps/web', f.path))],
      }),
    );
    await writeFile(
      path.join(copy, 'vitest.config.mjs'),
      `export default { test: { include: ${JSON.stringify(tests)}, environment: 'node', testTimeout: 60000, hookTimeout: 120000, pool: 'forks', globalSetup: ['apps/server/test/global-setup.ts'] } };\n`,
    );
    // All at once: the type-checks and the tests do not depend on each other.
    const [tsc, webTsc, vitest] = await Promise.all([
      node(['node_modules/typescript/bin/tsc', '-p', 'apps/server/tsconfig.gen.json', '--noEmit'], 600_000),
      node(['node_modules/typescript/bin/tsc', '-p', 'apps/web/tsconfig.gen.json', '--noEmit'], 600_000),
      node(['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.config.mjs', '--reporter', 'verbose'], 600_000),
    ]);
    expect(tsc.ok, tsc.out).toBe(true);
    expect(webTsc.ok, webTsc.out).toBe(true);
    expect(vitest.ok, vitest.out).toBe(true);
    // Each template's own cases ran and passed (the count is what the templates write: 3 + 3 + 3).
    expect(vitest.out).toMatch(/Tests\s+9 passed \(9\)/);
    expect(vitest.out).toContain('keeps a parent with children');
    expect(vitest.out).toContain('replaces them on update');
    console.log(`gen-project: generate, copy, register, migrate, tsc and vitest in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 900_000);

  it('the check can fail: a module with a type error is refused by tsc in the copy', async () => {
    const broken = 'packages/contracts/src/work/gadget-broken.ts';
    await writeFile(path.join(copy, broken), "export const broken: number = 'x';\n");
    await writeFile(path.join(copy, 'apps/server/tsconfig.broken.json'), JSON.stringify({ extends: '../../tsconfig.base.json', files: [`../../${broken}`] }));
    const tsc = await node(['node_modules/typescript/bin/tsc', '-p', 'apps/server/tsconfig.broken.json', '--noEmit'], 120_000);
    expect(tsc.ok).toBe(false);
    expect(tsc.out).toContain("Type 'string' is not assignable to type 'number'");
  }, 180_000);

  it('the web check can fail: a text key the generated namespace lacks is refused by tsc with the web settings', async () => {
    const broken = 'apps/web/src/features/work/gadget/GadgetBroken.tsx';
    await writeFile(
      path.join(copy, broken),
      "import { useTranslation } from 'react-i18next';\n\nexport function GadgetBroken() {\n  const { t } = useTranslation('gadget');\n  return <span>{t('noSuchGadgetKey')}</span>;\n}\n",
    );
    await writeFile(
      path.join(copy, 'apps/web/tsconfig.broken.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files: ['src/vite-env.d.ts', 'src/i18n/types.ts', path.relative('apps/web', broken)] }),
    );
    const tsc = await node(['node_modules/typescript/bin/tsc', '-p', 'apps/web/tsconfig.broken.json', '--noEmit'], 180_000);
    expect(tsc.ok).toBe(false);
    expect(tsc.out).toContain('noSuchGadgetKey');
    expect(tsc.out).toContain(broken.replace('apps/web/', ''));
  }, 240_000);
});
