import ExcelJS from 'exceljs';
import type { TestApp } from '../../../../test/harness';
import { sysDept, sysMenu, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';

/** Fixtures for the user, role and profile API tests: rows straight in the database, never seed ids. */
export const FIXTURE_PASSWORD = 'secret123';
let passwordHash: string | undefined;
let seq = 0;

export async function fixturePasswordHash() {
  passwordHash ??= await hashPassword(FIXTURE_PASSWORD);
  return passwordHash;
}

/** A department below `parentId`, with ancestors filled like the dept module does. */
export async function makeDept(t: TestApp, deptName: string, parent: { deptId: number; ancestors: string }) {
  const [row] = await t.database.db
    .insert(sysDept)
    .values({ deptName, parentId: parent.deptId, ancestors: `${parent.ancestors},${parent.deptId}`, leader: `${deptName}-lead` })
    .returning();
  if (!row) throw new Error('dept not created');
  return row;
}

/** A role granting exactly `perms` through its own button menus, with a data scope and its custom departments. */
export async function makeRole(t: TestApp, perms: string[], opts: { dataScope?: string; deptIds?: number[]; roleKey?: string; roleName?: string } = {}) {
  const db = t.database.db;
  seq += 1;
  const [role] = await db
    .insert(sysRole)
    .values({ roleName: opts.roleName ?? `fixture role ${seq}`, roleKey: opts.roleKey ?? `fixture_${seq}`, roleSort: 50, dataScope: opts.dataScope ?? '1' })
    .returning();
  if (!role) throw new Error('role not created');
  for (const perms1 of perms) {
    const [menu] = await db
      .insert(sysMenu)
      .values({ menuName: `btn ${perms1}`, menuType: 'F', perms: perms1 })
      .returning();
    if (!menu) throw new Error('menu not created');
    await db.insert(sysRoleMenu).values({ roleId: role.roleId, menuId: menu.menuId });
  }
  if (opts.deptIds?.length) await db.insert(sysRoleDept).values(opts.deptIds.map((deptId) => ({ roleId: role.roleId, deptId })));
  return role;
}

/** A user (password FIXTURE_PASSWORD) in a department, holding the given roles. */
export async function makeUser(t: TestApp, userName: string, deptId: number | null, roleIds: number[] = [], extra: Partial<typeof sysUser.$inferInsert> = {}) {
  const [user] = await t.database.db
    .insert(sysUser)
    .values({ userName, nickName: userName, deptId, password: await fixturePasswordHash(), ...extra })
    .returning();
  if (!user) throw new Error('user not created');
  if (roleIds.length > 0) await t.database.db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: user.userId, roleId })));
  return user;
}

/** A signed-in user holding exactly these permissions (and data scope). */
export async function callerWith(t: TestApp, userName: string, perms: string[], opts: { deptId?: number | null; dataScope?: string; deptIds?: number[] } = {}) {
  const role = await makeRole(t, perms, opts);
  const user = await makeUser(t, userName, opts.deptId ?? null, [role.roleId]);
  return { user, role, caller: await t.login(userName, FIXTURE_PASSWORD) };
}

/** A multipart/form-data body with text fields and files. */
export function multipart(parts: { name: string; value?: string; filename?: string; content?: Buffer; contentType?: string }[]) {
  const boundary = `----ccms${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), p.content ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A workbook with one sheet: a heading row and data rows. */
export async function workbook(rows: (string | number | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The first sheet of an .xlsx as rows of cell texts. */
export async function readSheet(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = String(cell.text);
    });
    out.push(cells);
  });
  return out;
}
