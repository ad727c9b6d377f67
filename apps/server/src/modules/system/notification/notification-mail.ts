import { MAIL_CONFIG_KEYS } from '@ccms/contracts/system/notification';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client';
import { configValue } from '../config/config.queries';

/** The SMTP settings from the system config; null while no server is set. */
export interface MailSettings {
  host: string;
  port: number;
  /** ssl: TLS from the first byte (465); starttls: upgrade required (587); none: plain (a relay on the local network). */
  security: 'ssl' | 'starttls' | 'none';
  from: string;
  user: string;
  password: string;
  siteUrl: string;
}

export async function mailSettings(db: Db): Promise<MailSettings | null> {
  const read = async (key: string) => ((await configValue(db, key)) ?? '').trim();
  const [host, port, secure, from, user, password, siteUrl] = await Promise.all(
    [
      MAIL_CONFIG_KEYS.host,
      MAIL_CONFIG_KEYS.port,
      MAIL_CONFIG_KEYS.secure,
      MAIL_CONFIG_KEYS.from,
      MAIL_CONFIG_KEYS.user,
      MAIL_CONFIG_KEYS.password,
      MAIL_CONFIG_KEYS.siteUrl,
    ].map(read),
  );
  if (!host) return null;
  const security = secure === 'ssl' || secure === 'none' ? secure : 'starttls';
  const portNumber = Number.parseInt(port ?? '', 10);
  return {
    host: host ?? '',
    port: Number.isInteger(portNumber) && portNumber > 0 ? portNumber : security === 'ssl' ? 465 : 587,
    security,
    from: from || user || `ccms@${host}`,
    user: user ?? '',
    password: password ?? '',
    siteUrl: (siteUrl ?? '').replace(/\/+$/, ''),
  };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  lang: string;
}

/** Sends one mail; throws what the server answered (the caller decides whether that fails anything). */
export async function sendMail(settings: MailSettings, mail: Mail): Promise<void> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'ssl',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { 'Content-Language': mail.lang },
    });
  } finally {
    transport.close();
  }
}

/** A link of the web app as mails carry it: absolute when the site address is set. */
export const absoluteLink = (settings: MailSettings, link: string) =>
  link && settings.siteUrl ? `${settings.siteUrl}${link.startsWith('/') ? '' : '/'}${link}` : link;
