/**
 * The system area's tables (RuoYi's sys_*): users, departments, roles, menus, dictionaries, settings, logs,
 * sessions, jobs, notifications, downloads and sign-in providers; drizzle-kit reads them through index.ts.
 * Over 400 lines: declarations only, one table after another with no logic between them; the tables
 * of one area stay in one schema file, as the other areas' do, so a split would add files and separate nothing.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/** Columns every administrable row carries (RuoYi's BaseEntity). */
const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }),
  remark: varchar({ length: 500 }).notNull().default(''),
};

export const sysDept = pgTable(
  'sys_dept',
  {
    deptId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 200 }),
    parentId: integer().notNull().default(0),
    /** Comma-separated ids from the root down to the parent: "0,100,101". */
    ancestors: varchar({ length: 500 }).notNull().default('0'),
    deptName: varchar({ length: 50 }).notNull(),
    orderNum: integer().notNull().default(0),
    leader: varchar({ length: 20 }).notNull().default(''),
    phone: varchar({ length: 11 }).notNull().default(''),
    email: varchar({ length: 50 }).notNull().default(''),
    status: varchar({ length: 1 }).notNull().default('0'),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('sys_dept_parent_idx').on(t.parentId)],
);

export const sysUser = pgTable(
  'sys_user',
  {
    userId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    deptId: integer(),
    userName: varchar({ length: 30 }).notNull(),
    nickName: varchar({ length: 30 }).notNull(),
    userType: varchar({ length: 2 }).notNull().default('00'),
    email: varchar({ length: 50 }).notNull().default(''),
    phonenumber: varchar({ length: 11 }).notNull().default(''),
    /** 0 male, 1 female, 2 unknown. */
    sex: varchar({ length: 1 }).notNull().default('2'),
    avatar: varchar({ length: 200 }).notNull().default(''),
    password: varchar({ length: 200 }).notNull(),
    /** 0 normal, 1 disabled. */
    status: varchar({ length: 1 }).notNull().default('0'),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    loginIp: varchar({ length: 128 }).notNull().default(''),
    loginDate: timestamp({ withTimezone: true, mode: 'date' }),
    /** Failed sign-ins counted towards the lock (those of the last LOGIN_LOCK_MINUTES); reset on success. */
    failedLogins: integer().notNull().default(0),
    /** When each of those failures happened: older ones drop out, so only a burst locks the account. */
    loginFailures: timestamp({ withTimezone: true, mode: 'date' }).array().notNull().default(sql`'{}'`),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    pwdUpdateDate: timestamp({ withTimezone: true, mode: 'date' }),
    /** Set when someone else chose the password (import, initial password, reset by an administrator): the user must change it first. */
    pwdChangeRequired: boolean().notNull().default(false),
    /** Bumped on every update: a stale write answers 409. */
    version: integer().notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('sys_user_name_uq').on(t.userName).where(sql`del_flag = '0'`), index('sys_user_dept_idx').on(t.deptId)],
);

export const sysPost = pgTable('sys_post', {
  postId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 10 }),
  postCode: varchar({ length: 64 }).notNull(),
  postName: varchar({ length: 50 }).notNull(),
  postSort: integer().notNull().default(0),
  status: varchar({ length: 1 }).notNull().default('0'),
  ...audit,
});

export const sysRole = pgTable('sys_role', {
  roleId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  roleName: varchar({ length: 30 }).notNull(),
  roleKey: varchar({ length: 100 }).notNull(),
  roleSort: integer().notNull().default(0),
  /** 1 all, 2 custom departments, 3 own department, 4 department and below, 5 self. */
  dataScope: varchar({ length: 1 }).notNull().default('1'),
  menuCheckStrictly: boolean().notNull().default(true),
  deptCheckStrictly: boolean().notNull().default(true),
  status: varchar({ length: 1 }).notNull().default('0'),
  delFlag: varchar({ length: 1 }).notNull().default('0'),
  ...audit,
});

export const sysMenu = pgTable(
  'sys_menu',
  {
    menuId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 5000 }),
    menuName: varchar({ length: 50 }).notNull(),
    /** English title; menuName is the Chinese one. */
    menuNameEn: varchar({ length: 100 }).notNull().default(''),
    parentId: integer().notNull().default(0),
    orderNum: integer().notNull().default(0),
    path: varchar({ length: 200 }).notNull().default(''),
    component: varchar({ length: 255 }),
    query: varchar({ length: 255 }),
    routeName: varchar({ length: 50 }).notNull().default(''),
    /** 0 external link, 1 internal. */
    isFrame: varchar({ length: 1 }).notNull().default('1'),
    /** 0 cached, 1 not cached. */
    isCache: varchar({ length: 1 }).notNull().default('0'),
    /** M directory, C menu, F button. */
    menuType: varchar({ length: 1 }).notNull().default(''),
    visible: varchar({ length: 1 }).notNull().default('0'),
    status: varchar({ length: 1 }).notNull().default('0'),
    perms: varchar({ length: 100 }),
    icon: varchar({ length: 100 }).notNull().default('#'),
    /** Pinned in the tab bar (meta.affix): its tab has no close icon. */
    affix: boolean().notNull().default(false),
    /** Route path whose sidebar entry is highlighted while this page shows (meta.activeMenu); '' for its own. */
    activeMenu: varchar({ length: 200 }).notNull().default(''),
    ...audit,
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);

export const sysUserRole = pgTable('sys_user_role', { userId: integer().notNull(), roleId: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.roleId] }),
  index('sys_user_role_role_idx').on(t.roleId),
]);

export const sysRoleMenu = pgTable('sys_role_menu', { roleId: integer().notNull(), menuId: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.roleId, t.menuId] }),
]);

export const sysRoleDept = pgTable('sys_role_dept', { roleId: integer().notNull(), deptId: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.roleId, t.deptId] }),
]);

export const sysUserPost = pgTable('sys_user_post', { userId: integer().notNull(), postId: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.postId] }),
]);

export const sysDictType = pgTable(
  'sys_dict_type',
  {
    dictId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    dictName: varchar({ length: 100 }).notNull(),
    dictType: varchar({ length: 100 }).notNull(),
    status: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_type_uq').on(t.dictType)],
);

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    dictSort: integer().notNull().default(0),
    dictLabel: varchar({ length: 100 }).notNull(),
    /** English label; dictLabel is the Chinese one. */
    dictLabelEn: varchar({ length: 100 }).notNull().default(''),
    dictValue: varchar({ length: 100 }).notNull(),
    dictType: varchar({ length: 100 }).notNull(),
    cssClass: varchar({ length: 100 }).notNull().default(''),
    listClass: varchar({ length: 100 }).notNull().default('default'),
    isDefault: varchar({ length: 1 }).notNull().default('N'),
    status: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('sys_dict_data_type_idx').on(t.dictType)],
);

export const sysConfig = pgTable(
  'sys_config',
  {
    configId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    configName: varchar({ length: 100 }).notNull(),
    /** The name in English; empty shows the name in every language. */
    configNameEn: varchar({ length: 100 }).notNull().default(''),
    configKey: varchar({ length: 100 }).notNull(),
    configValue: varchar({ length: 500 }).notNull().default(''),
    /** Y built in (cannot be deleted), N user defined. */
    configType: varchar({ length: 1 }).notNull().default('N'),
    ...audit,
  },
  (t) => [uniqueIndex('sys_config_key_uq').on(t.configKey)],
);

export const sysNotice = pgTable('sys_notice', {
  noticeId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 10 }),
  noticeTitle: varchar({ length: 50 }).notNull(),
  /** 1 notice, 2 announcement. */
  noticeType: varchar({ length: 1 }).notNull(),
  noticeContent: text().notNull().default(''),
  status: varchar({ length: 1 }).notNull().default('0'),
  ...audit,
});

export const sysNoticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: integer().notNull(),
    userId: integer().notNull(),
    readTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    operId: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: varchar({ length: 50 }).notNull().default(''),
    /** 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 clean. */
    businessType: integer().notNull().default(0),
    method: varchar({ length: 200 }).notNull().default(''),
    requestMethod: varchar({ length: 10 }).notNull().default(''),
    operatorType: integer().notNull().default(1),
    operName: varchar({ length: 50 }).notNull().default(''),
    deptName: varchar({ length: 50 }).notNull().default(''),
    operUrl: varchar({ length: 255 }).notNull().default(''),
    operIp: varchar({ length: 128 }).notNull().default(''),
    operLocation: varchar({ length: 255 }).notNull().default(''),
    operParam: varchar({ length: 2000 }).notNull().default(''),
    jsonResult: varchar({ length: 2000 }).notNull().default(''),
    /** 0 success, 1 failure. */
    status: integer().notNull().default(0),
    errorMsg: varchar({ length: 2000 }).notNull().default(''),
    operTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    costTime: integer().notNull().default(0),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.operTime)],
);

export const sysLogininfor = pgTable(
  'sys_logininfor',
  {
    infoId: integer().primaryKey().generatedByDefaultAsIdentity(),
    userName: varchar({ length: 50 }).notNull().default(''),
    ipaddr: varchar({ length: 128 }).notNull().default(''),
    loginLocation: varchar({ length: 255 }).notNull().default(''),
    browser: varchar({ length: 50 }).notNull().default(''),
    os: varchar({ length: 50 }).notNull().default(''),
    /** 0 success, 1 failure. */
    status: varchar({ length: 1 }).notNull().default('0'),
    msg: varchar({ length: 255 }).notNull().default(''),
    loginTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_logininfor_time_idx').on(t.loginTime)],
);

/** One row per signed-in session; the JWT only carries tokenId. */
export const sysSession = pgTable(
  'sys_session',
  {
    tokenId: varchar({ length: 64 }).primaryKey(),
    /** Hex sha-256 of the session's own random secret, which only its token carries; '' (rows from before) matches no token. */
    secretHash: varchar({ length: 64 }).notNull().default(''),
    userId: integer().notNull(),
    userName: varchar({ length: 30 }).notNull(),
    deptName: varchar({ length: 50 }).notNull().default(''),
    ipaddr: varchar({ length: 128 }).notNull().default(''),
    loginLocation: varchar({ length: 255 }).notNull().default(''),
    browser: varchar({ length: 50 }).notNull().default(''),
    os: varchar({ length: 50 }).notNull().default(''),
    loginTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAccessTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expireTime: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sys_session_user_idx').on(t.userId)],
);

/**
 * Wrong passwords per account and client address: the lock stops that address only, so nobody
 * locks an account (the administrator's) out by guessing from elsewhere.
 */
export const sysLoginFailure = pgTable(
  'sys_login_failure',
  {
    userId: integer().notNull(),
    ipaddr: varchar({ length: 128 }).notNull(),
    /** When each recent failure happened: older ones drop out, so only a burst locks. */
    failures: timestamp({ withTimezone: true, mode: 'date' }).array().notNull().default(sql`'{}'`),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipaddr] })],
);

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: varchar({ length: 64 }).primaryKey(),
  code: varchar({ length: 16 }).notNull(),
  expireTime: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

export const sysJob = pgTable('sys_job', {
  jobId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  jobName: varchar({ length: 64 }).notNull(),
  jobGroup: varchar({ length: 64 }).notNull().default('DEFAULT'),
  /** Name of a handler registered in code; never a class or method string. */
  invokeTarget: varchar({ length: 100 }).notNull(),
  /** JSON parameters handed to the handler. */
  invokeParams: jsonb().notNull().default({}),
  cronExpression: varchar({ length: 255 }).notNull(),
  /** 1 run immediately, 2 run once, 3 skip (what to do with runs missed while down). */
  misfirePolicy: varchar({ length: 1 }).notNull().default('3'),
  /** 0 allow concurrent runs, 1 forbid. */
  concurrent: varchar({ length: 1 }).notNull().default('1'),
  status: varchar({ length: 1 }).notNull().default('1'),
  ...audit,
});

export const sysJobLog = pgTable(
  'sys_job_log',
  {
    jobLogId: integer().primaryKey().generatedByDefaultAsIdentity(),
    jobId: integer(),
    jobName: varchar({ length: 64 }).notNull(),
    jobGroup: varchar({ length: 64 }).notNull(),
    invokeTarget: varchar({ length: 100 }).notNull(),
    jobMessage: varchar({ length: 500 }).notNull().default(''),
    /** 0 success, 1 failure. */
    status: varchar({ length: 1 }).notNull().default('0'),
    exceptionInfo: varchar({ length: 2000 }).notNull().default(''),
    startTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    stopTime: timestamp({ withTimezone: true, mode: 'date' }),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_job_log_time_idx').on(t.createTime)],
);

/**
 * The server processes that run jobs, one row each while it runs: it writes seen_time every few
 * seconds. A node not seen for a while, or replaced by a process started on the same data
 * directory (its home), is gone, and the work it claimed is recovered (platform/jobs/recovery.ts).
 */
export const sysJobNode = pgTable(
  'sys_job_node',
  {
    nodeId: varchar({ length: 64 }).primaryKey(),
    /** The data directory's own id: one process at a time runs on it. */
    home: varchar({ length: 64 }).notNull(),
    hostName: varchar({ length: 255 }).notNull().default(''),
    startTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    seenTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_job_node_home_idx').on(t.home)],
);

/** A work-queue job (pg-boss) a node is running now, with the job's data: what the node would leave undone if it died. */
export const sysJobClaim = pgTable(
  'sys_job_claim',
  {
    jobId: uuid().primaryKey(),
    queue: varchar({ length: 100 }).notNull(),
    data: jsonb().notNull().default({}),
    nodeId: varchar({ length: 64 }).notNull(),
    claimTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_job_claim_node_idx').on(t.nodeId), index('sys_job_claim_queue_idx').on(t.queue)],
);

/**
 * A notice to one user about something that happened to them (a task assigned, an approval
 * waiting...): the event and its values, rendered in the reader's language when read, and the
 * link to the item. Not the announcements of sys_notice, which go to everyone.
 */
export const sysNotification = pgTable(
  'sys_notification',
  {
    notificationId: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    event: varchar({ length: 40 }).notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    /** The item's path in the web app ("/work/task?taskId=3"); mails make it absolute. */
    link: varchar({ length: 500 }).notNull().default(''),
    readTime: timestamp({ withTimezone: true, mode: 'date' }),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_notification_user_idx').on(t.userId, t.readTime)],
);

/** A user's notice choices: the language of their mails, and per event which channels they want. */
export const sysNotificationPref = pgTable('sys_notification_pref', {
  userId: integer().primaryKey(),
  lang: varchar({ length: 8 }).notNull().default('zh'),
  /** The user chose `lang` on the notice settings; otherwise it follows the language of their interface. */
  langChosen: boolean().notNull().default(false),
  /** event → { inApp, mail }; an event not listed keeps both channels on. */
  events: jsonb().$type<Record<string, { inApp: boolean; mail: boolean }>>().notNull().default({}),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The download center: files generated for a user (an output's zip, a long export), kept under
 * the data directory until they expire. A producer (registered in code by name) makes the file
 * in a work-queue job; a file made elsewhere is handed over as it is.
 */
export const sysDownload = pgTable(
  'sys_download',
  {
    downloadId: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    /** The file name the user downloads. */
    name: varchar({ length: 200 }).notNull(),
    /** What it is: output (a publish output's zip), export (a list export), zip, other. */
    kind: varchar({ length: 20 }).notNull(),
    /** queued, running, success, fail. */
    status: varchar({ length: 10 }).notNull().default('queued'),
    /** The producer that makes the file (empty when the file was handed over) and its parameters. */
    producer: varchar({ length: 60 }).notNull().default(''),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Path of the file relative to the data directory; empty until it exists. */
    filePath: varchar({ length: 500 }).notNull().default(''),
    size: bigint({ mode: 'number' }).notNull().default(0),
    error: varchar({ length: 1000 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishTime: timestamp({ withTimezone: true, mode: 'date' }),
    /** After this the file and the row are removed. */
    expireTime: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sys_download_user_idx').on(t.userId, t.downloadId), index('sys_download_expire_idx').on(t.expireTime)],
);

/**
 * The single OpenID Connect provider the administrator set up for single sign-on (one row, id 1).
 * The client secret is sealed with the app's secret key and never leaves the server.
 */
export const sysOidcProvider = pgTable('sys_oidc_provider', {
  providerId: integer().primaryKey().default(1),
  enabled: boolean().notNull().default(false),
  /** Shown on the sign-in button: "Sign in with <displayName>". */
  displayName: varchar({ length: 50 }).notNull().default(''),
  issuer: varchar({ length: 255 }).notNull().default(''),
  clientId: varchar({ length: 255 }).notNull().default(''),
  clientSecret: text().notNull().default(''),
  scopes: varchar({ length: 255 }).notNull().default('openid profile email'),
  /** Whether an identity bound to no user may create an account on first sign-in (off: refused). */
  allowCreate: boolean().notNull().default(false),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }),
});

/** A provider identity (issuer + subject) linked to one user for single sign-on. */
export const sysUserIdentity = pgTable(
  'sys_user_identity',
  {
    identityId: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => sysUser.userId, { onDelete: 'cascade' }),
    issuer: varchar({ length: 255 }).notNull(),
    subject: varchar({ length: 255 }).notNull(),
    boundAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_user_identity_issuer_subject').on(t.issuer, t.subject), index('sys_user_identity_user').on(t.userId)],
);
