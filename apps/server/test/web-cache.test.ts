import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { loadConfig } from '../src/platform/config';
import { freshDatabase } from './harness';

/** The web build as the server serves it: hashed chunks kept by the browser, the rest asked again. */
describe('web app files', () => {
  let database: Database;
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'ccms-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webDir, 'assets', 'index-B44Y3Fuj.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'notes.txt'), 'not a build file');
    database = await freshDatabase();
    app = await buildApp({
      config: { ...loadConfig({}), webDir },
      database,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves a hashed chunk as immutable for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-B44Y3Fuj.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html, a page path and an unhashed file asked again on every load', async () => {
    for (const url of ['/', '/index.html', '/system/user', '/favicon.svg', '/assets/notes.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/system/user' })).body).toContain('<div id="root">');
  });

  it('answers a chunk that no longer exists with 404, not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-OLDHASH1.js' });
    expect(res.statusCode).toBe(404);
  });
});
