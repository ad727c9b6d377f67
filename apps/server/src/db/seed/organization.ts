import type { Tx } from '../client';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../schema';

/** Department tree, posts, the admin and common roles, and the administrator. */
export async function seedOrganization(tx: Tx, adminPasswordHash: string) {
  await tx.insert(sysDept).values([
    { deptId: 100, parentId: 0, ancestors: '0', deptName: 'CCMS', orderNum: 0, leader: 'admin', createBy: 'admin' },
    { deptId: 101, parentId: 100, ancestors: '0,100', deptName: '技术出版部', orderNum: 1, createBy: 'admin' },
    { deptId: 102, parentId: 100, ancestors: '0,100', deptName: '工程部', orderNum: 2, createBy: 'admin' },
    { deptId: 103, parentId: 101, ancestors: '0,100,101', deptName: '写作组', orderNum: 1, createBy: 'admin' },
    { deptId: 104, parentId: 101, ancestors: '0,100,101', deptName: '审校组', orderNum: 2, createBy: 'admin' },
    { deptId: 105, parentId: 101, ancestors: '0,100,101', deptName: '翻译组', orderNum: 3, createBy: 'admin' },
    { deptId: 106, parentId: 102, ancestors: '0,100,102', deptName: '适航组', orderNum: 1, createBy: 'admin' },
  ]);
  await tx.insert(sysPost).values([
    { postId: 1, postCode: 'manager', postName: '出版经理', postSort: 1, createBy: 'admin' },
    { postId: 2, postCode: 'writer', postName: '技术作者', postSort: 2, createBy: 'admin' },
    { postId: 3, postCode: 'reviewer', postName: '审校', postSort: 3, createBy: 'admin' },
    { postId: 4, postCode: 'translator', postName: '译员', postSort: 4, createBy: 'admin' },
  ]);
  await tx.insert(sysRole).values([
    { roleId: 1, roleName: '超级管理员', roleKey: 'admin', roleSort: 1, dataScope: '1', createBy: 'admin', remark: 'Super administrator' },
    { roleId: 2, roleName: '普通角色', roleKey: 'common', roleSort: 2, dataScope: '2', createBy: 'admin', remark: 'Common role' },
  ]);
  await tx.insert(sysUser).values({
    userId: 1,
    deptId: 100,
    userName: 'admin',
    nickName: '管理员',
    email: '',
    password: adminPasswordHash,
    pwdUpdateDate: new Date(),
    createBy: 'admin',
    remark: 'Administrator',
  });
  await tx.insert(sysUserRole).values({ userId: 1, roleId: 1 });
  await tx.insert(sysUserPost).values({ userId: 1, postId: 1 });
}
