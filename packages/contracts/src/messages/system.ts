/** System administration messages (users, roles, menus, departments, posts, dictionaries, config, notices, logs, jobs, files). */
export const systemMessages = {
  zh: {
    'user.exists': '新增用户“{name}”失败，登录账号已存在',
    'user.notFound': '用户不存在',
    'user.cannotChangeAdmin': '不允许操作超级管理员用户',
    'user.cannotDeleteSelf': '当前用户不能删除',
    'post.codeExists': '岗位编码“{code}”已存在',
    'post.nameExists': '岗位名称“{name}”已存在',
    'post.inUse': '岗位“{name}”已分配，不能删除',
    'sort.countMismatch': '{field}有{count}个，与{ids}个编号不一致',
    'sort.idTwice': '编号{id}出现了不止一次',
    'unlock.passwordWrong': '密码错误，请重新输入',
  },
  en: {
    'sort.countMismatch': '{field} has {count} values for {ids} ids',
    'sort.idTwice': 'Id {id} is listed more than once',
    'unlock.passwordWrong': 'Wrong password, please try again',
    'user.exists': 'Cannot add user "{name}": the user name already exists',
    'user.notFound': 'The user does not exist',
    'user.cannotChangeAdmin': 'The super administrator cannot be changed',
    'user.cannotDeleteSelf': 'You cannot delete yourself',
    'post.codeExists': 'Post code "{code}" already exists',
    'post.nameExists': 'Post name "{name}" already exists',
    'post.inUse': 'Post "{name}" is assigned to users and cannot be deleted',
  },
} as const;
