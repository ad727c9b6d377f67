import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf, PageQuery, rowsOf } from '../http';

/**
 * What a user can be told about. Work raises the assignments, the workflow raises the approval
 * events and mentions, publishing raises its results; every area calls the same notify().
 */
export const NOTIFICATION_EVENTS = [
  'taskAssigned',
  'workItemAssigned',
  'approvalWaiting',
  'approvalPassed',
  'approvalRejected',
  'mentioned',
  'publishFinished',
  'publishFailed',
  'deliveryFinished',
  'deliveryFailed',
  'regulationReverify',
] as const;
export const NotificationEvent = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof NotificationEvent>;

/** How a project or plan sends its notices: its notice switch and notice type (work/project). */
export interface NotificationChannel {
  notice: boolean;
  noticeType: string;
}

/** One notice as its reader sees it: title and text already in the reader's language. */
export const Notification = z.object({
  notificationId: z.number(),
  event: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().describe('path of the item in the web app'),
  read: z.boolean(),
  createTime: DateTime,
});
export type Notification = z.infer<typeof Notification>;

export const NotificationQuery = PageQuery.extend({
  read: z.enum(['0', '1']).optional().describe("'0' unread only, '1' read only"),
  event: NotificationEvent.optional(),
});
export type NotificationQuery = z.infer<typeof NotificationQuery>;

export const UnreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationIdParam = z.object({ notificationId: z.coerce.number().int().positive().describe('id of a notice') });

const Channels = z.object({ inApp: z.boolean(), mail: z.boolean() });

/** The caller's choices in the personal center: the language of mails, and per event which channels. */
export const NotificationPrefs = z.object({
  lang: z.enum(LANGUAGES).describe('language of mails and notice texts'),
  events: z.record(NotificationEvent, Channels).describe('per event: in-app and mail on or off'),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefs>;

/** The SMTP settings, kept in the system config under these keys (the password one is masked). */
export const MAIL_CONFIG_KEYS = {
  host: 'mail.smtp.host',
  port: 'mail.smtp.port',
  secure: 'mail.smtp.secure',
  from: 'mail.smtp.from',
  user: 'mail.smtp.user',
  password: 'mail.smtp.password',
  /** Absolute address of the web app, for the links in mails. */
  siteUrl: 'mail.site.url',
} as const;

export const TestMailBody = z.object({ to: z.email().max(100).describe('address that receives the test mail') });
export type TestMailBody = z.infer<typeof TestMailBody>;

export const NotificationPerm = {
  /** Sending a test mail is part of managing the system config. */
  testMail: 'system:config:edit',
} as const;

const StreamQuery = z.object({ ticket: z.string().max(300).optional().describe('ticket from /system/notification/ticket (EventSource sends no token)') });
const tag = 'system/notification';

/**
 * The caller's notices API (the bell, its list, the choices and the settings screen's test mail):
 * each endpoint's URL, method, access and schemas, for the server's routes and the web's calls.
 */
export const NotificationApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/notification/list',
    access: { authenticated: true },
    summary: "List the caller's notices, newest first",
    tag,
    query: NotificationQuery,
    response: rowsOf(Notification),
  }),
  unread: endpoint({
    method: 'GET',
    url: '/system/notification/unread',
    access: { authenticated: true },
    summary: "Count the caller's unread notices",
    tag,
    response: okOf(UnreadCount),
  }),
  read: endpoint({
    method: 'PUT',
    url: '/system/notification/read/:notificationId',
    access: { authenticated: true },
    summary: 'Mark one of the caller’s notices read',
    tag,
    params: NotificationIdParam,
    response: OkEmpty,
  }),
  readAll: endpoint({
    method: 'PUT',
    url: '/system/notification/readAll',
    access: { authenticated: true },
    summary: 'Mark all the caller’s notices read',
    tag,
    response: OkEmpty,
  }),
  prefs: endpoint({
    method: 'GET',
    url: '/system/notification/prefs',
    access: { authenticated: true },
    summary: 'The caller’s notice choices: mail language and channels per event',
    tag,
    response: okOf(NotificationPrefs),
  }),
  savePrefs: endpoint({
    method: 'PUT',
    url: '/system/notification/prefs',
    access: { authenticated: true },
    summary: 'Save the caller’s notice choices',
    tag,
    body: NotificationPrefs,
    response: OkEmpty,
  }),
  testMail: endpoint({
    method: 'POST',
    url: '/system/notification/testMail',
    access: { permission: NotificationPerm.testMail },
    summary: 'Send a test mail through the configured SMTP server',
    tag,
    body: TestMailBody,
    response: OkEmpty,
  }),
  ticket: endpoint({
    method: 'GET',
    url: '/system/notification/ticket',
    access: { authenticated: true },
    summary: 'A short-lived ticket for the notice stream',
    tag,
    response: okOf(z.object({ ticket: z.string() })),
  }),
  stream: endpoint({
    method: 'GET',
    url: '/system/notification/stream',
    access: { public: true },
    summary: 'The caller’s unread count, live (Server-Sent Events: data: {"unread":n})',
    tag,
    query: StreamQuery,
    response: z.string(),
  }),
};
