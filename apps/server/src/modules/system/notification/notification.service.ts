import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import {
  MAIL_CONFIG_KEYS,
  NOTIFICATION_EVENTS,
  type Notification,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPrefs,
  type NotificationQuery,
} from '@ccms/contracts/system/notification';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';
import { decodeJobMessage } from '../../../platform/jobs/registry';
import type { JobRunner } from '../../../platform/jobs/runner';
import {
  insertNotifications,
  listNotifications,
  mailRecipient,
  markAllRead,
  markRead,
  type NotificationRow,
  prefsOf,
  rememberLanguage,
  savePrefs,
  unreadCount,
} from './notification.queries';
import { absoluteLink, mailSettings, sendMail } from './notification-mail';
import type { NotificationStream } from './notification-stream';

/** What an area hands to notify(): who is told what, with a link to the item. */
export interface NotifyInput {
  event: NotificationEvent;
  /** User ids; repeats are told once. */
  recipients: number[];
  /** Values of the event's texts ({name}, {actor}, {reason}, {text}). */
  params: Record<string, string | number>;
  /** The item's path in the web app, e.g. "/work/task?taskId=3". */
  link: string;
  /** The project's or plan's notice settings (mail only when on with type email); absent outside a project: both channels. */
  channel?: NotificationChannel;
  /** Who caused it: never told about their own action. */
  actorId?: number;
}

interface MailJob {
  notificationId: number | null;
  userId: number;
  event: NotificationEvent;
  params: Record<string, string | number>;
  link: string;
}

export const MAIL_QUEUE = 'notification-mail';
const languageOf = (raw: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(raw ?? '') ? (raw as Language) : DEFAULT_LANGUAGE);

/** A notice's title and text in a language. */
export function renderNotification(lang: Language, event: string, params: Record<string, string | number>) {
  // A value stored as a message key (a reason such as "interrupted") reads in the reader's language too.
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? decodeJobMessage(v, lang) : v]));
  return { title: translate(lang, `notification.${event}.title`, values), body: translate(lang, `notification.${event}.body`, values) };
}

const present = (row: NotificationRow, lang: Language): Notification => ({
  notificationId: row.notificationId,
  event: row.event,
  ...renderNotification(lang, row.event, row.params),
  link: row.link,
  read: row.readTime !== null,
  createTime: row.createTime,
});

export interface NotificationDeps {
  db: Db;
  jobs: JobRunner;
  stream: NotificationStream;
  log: FastifyBaseLogger;
}

/**
 * Notices to users: in the app (the bell) and by mail, by the project's channel and each user's
 * choices. notify() never throws: a notice that cannot be raised or sent never fails the action
 * that raised it; mails go through a work queue with retries.
 */
export function notificationService({ db, jobs, stream, log }: NotificationDeps) {
  jobs.defineQueue<MailJob>({
    name: MAIL_QUEUE,
    retryLimit: 4,
    retryDelaySeconds: 30,
    work: async (job) => {
      const settings = await mailSettings(db);
      if (!settings) return; // no server set: nothing to retry until someone sets one
      const user = await mailRecipient(db, job.userId);
      if (!user?.email) return;
      const lang = languageOf((await prefsOf(db, [job.userId])).get(job.userId)?.lang);
      const { title, body } = renderNotification(lang, job.event, job.params);
      const link = absoluteLink(settings, job.link);
      const text = [body, '', link ? translate(lang, 'notification.mail.open', { link }) : '', '', translate(lang, 'notification.mail.footer')].join('\n');
      await sendMail(settings, { to: user.email, subject: title, text, lang });
    },
  });

  async function raise(input: NotifyInput) {
    // The bell always records; a project's or plan's notice switch with type email adds mail.
    const wantsMailChannel = !input.channel || (input.channel.notice && input.channel.noticeType === 'email');
    const recipients = [...new Set(input.recipients)].filter((id) => Number.isInteger(id) && id > 0 && id !== input.actorId);
    if (recipients.length === 0) return;
    const prefs = await prefsOf(db, recipients);
    const choice = (userId: number) => prefs.get(userId)?.events[input.event] ?? { inApp: true, mail: true };
    const inApp = recipients.filter((id) => choice(id).inApp);
    const created = await insertNotifications(
      db,
      inApp.map((userId) => ({ userId, event: input.event, params: input.params, link: input.link })),
    );
    stream.changed(inApp);
    if (!wantsMailChannel) return;
    const idOf = new Map(created.map((r) => [r.userId, r.notificationId]));
    for (const userId of recipients.filter((id) => choice(id).mail)) {
      await jobs.enqueue<MailJob>(MAIL_QUEUE, { notificationId: idOf.get(userId) ?? null, userId, event: input.event, params: input.params, link: input.link });
    }
  }

  return {
    async notify(input: NotifyInput): Promise<void> {
      try {
        await raise(input);
      } catch (err) {
        log.error({ err, event: input.event }, 'notice not raised');
      }
    },

    async list(auth: AuthContext, q: NotificationQuery, lang: Language) {
      const { rows, total } = await listNotifications(db, auth.userId, q);
      return { rows: rows.map((r) => present(r, lang)), total };
    },

    async unread(auth: AuthContext, lang: Language) {
      await rememberLanguage(db, auth.userId, lang);
      return { unread: await unreadCount(db, auth.userId) };
    },

    async read(auth: AuthContext, notificationId: number) {
      if ((await markRead(db, auth.userId, notificationId)) === 0) throw notFound('notification.notFound');
      stream.changed([auth.userId]);
    },

    async readAll(auth: AuthContext) {
      await markAllRead(db, auth.userId);
      stream.changed([auth.userId]);
    },

    async prefs(auth: AuthContext, lang: Language): Promise<NotificationPrefs> {
      const row = (await prefsOf(db, [auth.userId])).get(auth.userId);
      const events = Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, row?.events[e] ?? { inApp: true, mail: true }]));
      return { lang: row ? languageOf(row.lang) : lang, events: events as NotificationPrefs['events'] };
    },

    /** A language other than the interface's (`uiLang`) is the user's choice and stays; the interface's own keeps following it. */
    async savePrefs(auth: AuthContext, prefs: NotificationPrefs, uiLang: Language) {
      await savePrefs(db, { userId: auth.userId, lang: prefs.lang, langChosen: prefs.lang !== uiLang, events: prefs.events });
    },

    /** Sends a test mail now and reports the server's answer (the settings screen's button). */
    async testMail(to: string, lang: Language) {
      const settings = await mailSettings(db);
      if (!settings) throw badRequest('notification.mail.notConfigured', { key: MAIL_CONFIG_KEYS.host });
      try {
        await sendMail(settings, { to, subject: translate(lang, 'notification.testMail.subject'), text: translate(lang, 'notification.testMail.body'), lang });
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw badRequest('notification.mail.failed', { detail: err instanceof Error ? err.message.slice(0, 200) : String(err) });
      }
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
