import { isIP } from 'node:net';
import { MAIL_CONFIG_KEYS } from '@ccms/contracts/system/notification';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../platform/http/errors';
import { checkHost } from '../../../platform/net/host-check';
import { allowedPrivateHosts, configValue } from '../config/config.queries';

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
  /** The administrator's allowance of private hosts: the SMTP host is checked like a git remote's. */
  allowedPrivate: string;
}

export async function mailSettings(db: Db): Promise<MailSettings | null> {
  const read = async (key: string) => ((await configValue(db, key)) ?? '').trim();
  const [host, port, secure, from, user, password, siteUrl, allowedPrivate] = await Promise.all(
    [
      MAIL_CONFIG_KEYS.host,
      MAIL_CONFIG_KEYS.port,
      MAIL_CONFIG_KEYS.secure,
      MAIL_CONFIG_KEYS.from,
      MAIL_CONFIG_KEYS.user,
      MAIL_CONFIG_KEYS.password,
      MAIL_CONFIG_KEYS.siteUrl,
    ]
      .map(read)
      .concat(allowedPrivateHosts(db)),
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
    allowedPrivate: allowedPrivate ?? '',
  };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  lang: string;
}

/**
 * Sends one mail; throws what the server answered (the caller decides whether that fails anything).
 * Refused before connecting: a host on a loopback or private address the administrator has not
 * allowed, and a user name whose password was cleared (the server changed), so no other server
 * ever sees a sign-in. The connection goes to the address the check approved.
 */
export async function sendMail(settings: MailSettings, mail: Mail): Promise<void> {
  if (settings.user && !settings.password) throw badRequest('notification.mail.passwordMissing', { key: MAIL_CONFIG_KEYS.password });
  const reach = await checkHost(settings.host, settings.allowedPrivate);
  if (!reach.ok) throw badRequest('notification.mail.hostRefused', { key: MAIL_CONFIG_KEYS.host });
  const transport = nodemailer.createTransport({
    host: reach.address,
    // TLS checks the certificate against the name the administrator entered, not the address.
    servername: isIP(settings.host) ? undefined : settings.host,
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
