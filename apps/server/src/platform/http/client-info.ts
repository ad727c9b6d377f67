import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import type { ClientInfo } from '../auth/session';

export function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = UAParser(req.headers['user-agent'] ?? '');
  const browser = [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') || 'Unknown';
  const os = [ua.os.name, ua.os.version].filter(Boolean).join(' ') || 'Unknown';
  return { ip: req.ip, browser: browser.slice(0, 50), os: os.slice(0, 50) };
}
