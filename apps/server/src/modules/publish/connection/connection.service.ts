import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { withLeadingLabel } from '@ccms/contracts/messages/fields';
import { type ConnectionBody, type ConnectionCheck, type ConnectionQuery, type ConnectionUpdate, MASKED_CREDENTIAL } from '@ccms/contracts/publish/connection';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { ccmsConnection } from '../../../db/schema';
import { clip } from '../../../platform/audit/redact';
import type { AuthContext } from '../../../platform/auth/access';
import { assertSecretStays, hostEndpoint } from '../../../platform/crypto/kept-secret';
import { openSecret, sealSecret } from '../../../platform/crypto/secret-box';
import { isUniqueViolation } from '../../../platform/db/errors';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';
import { checkHost } from '../../../platform/net/host-check';
import { allowedPrivateHosts } from '../../system/config/config.queries';
import { HostKeyChangedError, openSession, type RemoteSession, type RemoteTarget } from '../delivery/remote-session';
import {
  type ConnectionRow,
  connectionNameClash,
  connectionOptions,
  connectionsById,
  deliverableUsing,
  findConnection,
  listConnections,
} from './connection.queries';

/** A connection as the API shows it: the secret only ever as the masked marker. */
export function presentConnection(row: ConnectionRow) {
  const { credentialSecret, credentialType, credentialName, credentialUsername, ...rest } = row;
  return {
    ...rest,
    validated: row.validated === '1' ? ('1' as const) : ('0' as const),
    credential: { type: credentialType, name: credentialName, username: credentialUsername, password: credentialSecret ? MASKED_CREDENTIAL : '' },
  };
}

const keepsStored = (password: string) => password === MASKED_CREDENTIAL;

/** Where a secret may go: a kept secret never follows the connection to another server. */
const endpointOf = (c: { type: string; host: string; port: number }) => hostEndpoint(c.type, c.host, c.port);

export interface ConnectionServiceDeps {
  db: Db;
  secretKey: string;
  /** Folder for the probe file a validate writes. */
  tmpDir: string;
  /** How long connecting and signing in may take. */
  timeoutMs: number;
  /** Where the detailed reason of a failed check goes (never into the answer). */
  log: FastifyBaseLogger;
}

/** Which step of a check failed, so the answer names the step and never the server's own words. */
type ProbeStep = 'connect' | 'list' | 'write';
const failedStep: Record<ProbeStep, string> = { connect: 'connection.unreachable', list: 'connection.listFailed', write: 'connection.writeFailed' };

export function connectionService({ db, secretKey, tmpDir, timeoutMs, log }: ConnectionServiceDeps) {
  async function load(connectionId: number): Promise<ConnectionRow> {
    const row = await findConnection(db, connectionId);
    if (!row) throw notFound('connection.notFound', { id: connectionId });
    return row;
  }

  async function checkName(name: string, exceptId?: number) {
    if (await connectionNameClash(db, name, exceptId)) throw badRequest('connection.nameExists', { name });
  }

  /** A connection's host must be one the server may reach: no loopback or private address unless the administrator allowed it. */
  async function reachable(host: string) {
    const check = await checkHost(host, await allowedPrivateHosts(db));
    if (!check.ok) throw badRequest('connection.hostRefused');
    return check.address;
  }

  /**
   * The stored connection unsealed for one session: never leaves the server. The host is checked
   * again now (the allowance or DNS may have changed since the save); SFTP and FTP connect to the
   * approved address, FTPS to the name its certificate is checked against.
   */
  async function targetOf(row: ConnectionRow): Promise<RemoteTarget> {
    const address = await reachable(row.host);
    return {
      type: row.type as RemoteTarget['type'],
      host: row.type === 'ftps' ? row.host : address,
      port: row.port,
      username: row.credentialUsername,
      credentialType: row.credentialType === 'privateKey' ? 'privateKey' : 'password',
      secret: openSecret(secretKey, row.credentialSecret),
      hostKey: row.hostKey,
    };
  }

  /** Connects and signs in to a stored connection (SFTP checks the pinned host key). */
  const open = async (row: ConnectionRow): Promise<RemoteSession> => openSession(await targetOf(row), timeoutMs);

  /** The host key an SFTP server met for the first time is held to before the user confirmed one: no server's (a fingerprint is SHA256:...). */
  const UNCONFIRMED = 'unconfirmed';

  /**
   * Connects, lists the remote folder, writes and deletes a probe file. A failure answers which step
   * failed and nothing the server said: whether a port is closed, silent or something else, and what
   * its banner or refusal reads, would turn the check into a scanner of the server's network. The
   * reason goes to the log. A changed host key (only ever of the server the connection was validated
   * with) is said as such.
   */
  async function probe(
    row: ConnectionRow,
    confirmed = '',
  ): Promise<{ ok: true; hostKey: string } | { ok: false; key: string; params: Record<string, string> } | { ok: false; confirm: string }> {
    const local = join(tmpDir, `probe-${randomBytes(8).toString('hex')}`);
    let session: RemoteSession | null = null;
    let step: ProbeStep = 'connect';
    // An SFTP server met for the first time is checked against the key the user confirmed; with none
    // yet, against one no server has, so the connection stops at the key, before any credential is sent.
    const firstMeeting = row.type === 'sftp' && !row.hostKey;
    try {
      const target = await targetOf(row);
      session = await openSession(firstMeeting ? { ...target, hostKey: confirmed || UNCONFIRMED } : target, timeoutMs);
      step = 'list';
      await session.list(row.remotePath);
      step = 'write';
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      await writeFile(local, 'ccms delivery probe\n', { mode: 0o600 });
      const remote = posix.join(row.remotePath, `.ccms-probe-${randomBytes(6).toString('hex')}`);
      await session.upload(local, remote);
      await session.remove(remote);
      return { ok: true, hostKey: session.hostKey };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, key: err.key, params: {} };
      if (err instanceof HostKeyChangedError) {
        if (firstMeeting && !confirmed) return { ok: false, confirm: err.got };
        if (firstMeeting) return { ok: false, key: 'connection.hostKeyNotConfirmed', params: { confirmed, got: err.got } };
        return { ok: false, key: 'connection.hostKeyChanged', params: { pinned: err.pinned, got: err.got } };
      }
      log.warn({ connectionId: row.connectionId, step, err: err instanceof Error ? err.message : String(err) }, 'connection check failed');
      return { ok: false, key: failedStep[step], params: { path: row.remotePath } };
    } finally {
      session?.close();
      await rm(local, { force: true });
    }
  }

  return {
    list: async (q: ConnectionQuery) => {
      const page = await listConnections(db, q);
      return { rows: page.rows.map(presentConnection), total: page.total };
    },
    get: async (connectionId: number) => presentConnection(await load(connectionId)),
    options: () => connectionOptions(db),
    load,
    targetOf,
    open,
    timeoutMs,

    async create(auth: AuthContext, body: ConnectionBody) {
      await checkName(body.name);
      await reachable(body.host);
      try {
        const [row] = await db
          .insert(ccmsConnection)
          .values({
            name: body.name,
            type: body.type,
            host: body.host,
            port: body.port,
            remotePath: body.remotePath,
            credentialType: body.credential.type,
            credentialName: body.credential.name,
            credentialUsername: body.credential.username,
            credentialSecret: sealSecret(secretKey, body.credential.password),
            createBy: auth.userName,
          })
          .returning({ connectionId: ccmsConnection.connectionId });
        return { connectionId: row?.connectionId ?? 0 };
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('connection.nameExists', { name: body.name });
        throw err;
      }
    },

    /** Changing where or how it signs in makes it unvalidated again; another server also drops the pinned host key. */
    async update(auth: AuthContext, body: ConnectionUpdate) {
      const stored = await load(body.connectionId);
      await checkName(body.name, body.connectionId);
      await reachable(body.host);
      const moved = endpointOf(stored) !== endpointOf(body);
      const keep = keepsStored(body.credential.password);
      // A key is not a password: the credential type counts as part of where the secret goes.
      assertSecretStays(
        {
          stored: Boolean(stored.credentialSecret),
          kept: keep,
          from: `${endpointOf(stored)} ${stored.credentialType}`,
          to: `${endpointOf(body)} ${body.credential.type}`,
        },
        'connection.passwordAgain',
      );
      const signInChanged = !keep || body.credential.username !== stored.credentialUsername;
      const reset = moved || signInChanged || body.remotePath !== stored.remotePath;
      try {
        await db
          .update(ccmsConnection)
          .set({
            name: body.name,
            type: body.type,
            host: body.host,
            port: body.port,
            remotePath: body.remotePath,
            credentialType: body.credential.type,
            credentialName: body.credential.name,
            credentialUsername: body.credential.username,
            credentialSecret: keep ? stored.credentialSecret : sealSecret(secretKey, body.credential.password),
            ...(reset ? { validated: '0', validateMessage: '' } : {}),
            ...(moved ? { hostKey: '' } : {}),
            updateBy: auth.userName,
            updateTime: new Date(),
          })
          .where(eq(ccmsConnection.connectionId, body.connectionId));
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('connection.nameExists', { name: body.name });
        throw err;
      }
    },

    async remove(connectionIds: number[]) {
      const rows = await connectionsById(db, connectionIds);
      for (const id of connectionIds) if (!rows.some((r) => r.connectionId === id)) throw notFound('connection.notFound', { id });
      const used = await deliverableUsing(db, connectionIds);
      if (used) throw badRequest('connection.inUse', { name: rows.find((r) => r.connectionId === used.connectionId)?.name ?? '' });
      await db.delete(ccmsConnection).where(inArray(ccmsConnection.connectionId, connectionIds));
    },

    /** Validates in the caller's language; success pins the SFTP host key the first time. */
    async validate(auth: AuthContext, connectionId: number, lang: Language, confirmedHostKey = ''): Promise<ConnectionCheck> {
      const row = await load(connectionId);
      const result = await probe(row, confirmedHostKey);
      if ('confirm' in result) {
        // Met for the first time: nothing is pinned and the connection stays unvalidated until the user confirms the key.
        const message = translate(lang, 'connection.confirmHostKey', { hostKey: result.confirm });
        await db
          .update(ccmsConnection)
          .set({ validated: '0', validateTime: new Date(), validateMessage: clip(message, 500), updateBy: auth.userName })
          .where(eq(ccmsConnection.connectionId, connectionId));
        return { state: 'confirm', message, hostKey: result.confirm };
      }
      const message = result.ok ? translate(lang, 'connection.validated') : withLeadingLabel(lang, translate(lang, result.key, result.params));
      await db
        .update(ccmsConnection)
        .set({
          validated: result.ok ? '1' : '0',
          validateTime: new Date(),
          validateMessage: clip(message, 500),
          ...(result.ok && !row.hostKey ? { hostKey: result.hostKey } : {}),
          updateBy: auth.userName,
        })
        .where(eq(ccmsConnection.connectionId, connectionId));
      return { state: result.ok ? 'success' : 'failure', message, hostKey: result.ok ? row.hostKey || result.hostKey : row.hostKey };
    },
  };
}

export type ConnectionService = ReturnType<typeof connectionService>;
