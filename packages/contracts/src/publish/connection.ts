import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf } from '../http';
import { DeliverablePerm } from './deliverable';

/**
 * Connections: remote servers (SFTP, FTP, FTPS) deliverables send outputs to. The password or
 * private key is sealed at rest and never returned; a connection is usable once validated.
 */
export const ConnectionPerm = {
  list: 'ccms:connection:list',
  query: 'ccms:connection:query',
  add: 'ccms:connection:add',
  edit: 'ccms:connection:edit',
  remove: 'ccms:connection:remove',
} as const;

/** What an API answers in place of a stored password or key. */
export const MASKED_CREDENTIAL = '******';

export const CONNECTION_TYPES = ['sftp', 'ftp', 'ftps'] as const;
export const ConnectionType = z.enum(CONNECTION_TYPES).describe('sftp, ftp or ftps (explicit TLS)');
export type ConnectionType = z.infer<typeof ConnectionType>;

export const CREDENTIAL_TYPES = ['password', 'privateKey'] as const;
export const CredentialType = z.enum(CREDENTIAL_TYPES).describe('password, or privateKey (SFTP only: an OpenSSH or PEM private key)');

const INVALID_PORT = { message: 'connection.invalidPort' } as const;
const INVALID_PATH = { message: 'connection.invalidPath' } as const;

/** A TCP port, 1-65535; a form may send it as text. */
export const Port = z.coerce.number(INVALID_PORT).int(INVALID_PORT).min(1, INVALID_PORT).max(65535, INVALID_PORT);

/** Absolute, slash-separated, no backslash, no control character, no "." or ".." segment. */
export function isRemotePath(p: string): boolean {
  if (!p.startsWith('/') || p.includes('\\') || [...p].some((c) => c.charCodeAt(0) < 0x20)) return false;
  return !p.split('/').some((s) => s === '.' || s === '..');
}

/** An absolute POSIX path on the remote server: no backslash, no "." or ".." segment, no control characters. */
export const RemotePath = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine(isRemotePath, INVALID_PATH)
  .describe('absolute folder on the server, e.g. /outgoing/manuals');

/** A host name or an IP address (IPv6 without brackets). */
const Host = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^[0-9a-fA-F:.]+$/, { message: 'field.invalidFormat' })
  .describe('host name or IP address of the server');

export const ConnectionCredential = z.object({
  type: CredentialType,
  name: z.string().trim().min(1).max(100).describe('a name for the credential'),
  username: z.string().trim().min(1).max(200),
  /** On edit, the masked marker keeps the stored password or key. */
  password: z.string().min(1).max(16000).describe('the password or the private key; on edit "******" keeps the stored one'),
});

const ConnectionFields = z.object({
  name: z.string().trim().min(1).max(100).describe('unique connection name'),
  type: ConnectionType,
  host: Host,
  port: Port,
  remotePath: RemotePath,
  credential: ConnectionCredential,
});

/** A private key only signs in over SFTP. */
const keyNeedsSftp: [(b: z.infer<typeof ConnectionFields>) => boolean, { path: string[]; message: string }] = [
  (b) => b.type === 'sftp' || b.credential.type === 'password',
  { path: ['credential', 'type'], message: 'connection.keyNeedsSftp' },
];

export const ConnectionBody = ConnectionFields.refine(...keyNeedsSftp);
export type ConnectionBody = z.infer<typeof ConnectionBody>;

export const ConnectionUpdate = ConnectionFields.extend({
  connectionId: z.number().int().positive().describe('id of a connection (GET /ccms/connection/list)'),
}).refine(...keyNeedsSftp);
export type ConnectionUpdate = z.infer<typeof ConnectionUpdate>;

export const ConnectionQuery = PageQuery.extend({
  name: z.string().trim().max(100).optional().describe('part of the name'),
  type: ConnectionType.optional(),
});
export type ConnectionQuery = z.infer<typeof ConnectionQuery>;

/** A connection as lists and forms show it: the password is only ever the masked marker. */
export const Connection = z.object({
  connectionId: z.number(),
  name: z.string(),
  type: z.string(),
  host: z.string(),
  port: z.number(),
  remotePath: z.string(),
  credential: z.object({ type: z.string(), name: z.string(), username: z.string(), password: z.string() }),
  validated: z.enum(['0', '1']).describe("'1' once validated with the current host and credential"),
  validateTime: DateTime,
  validateMessage: z.string(),
  hostKey: z.string().describe('SFTP host key fingerprint (SHA256) the user confirmed at the first validate'),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Connection = z.infer<typeof Connection>;

export const ConnectionOption = z.object({ connectionId: z.number(), name: z.string(), type: z.string(), validated: z.string() });
export type ConnectionOption = z.infer<typeof ConnectionOption>;

/**
 * What a validate found: connected, listed, wrote and removed a probe file; or why not; or, the first
 * time an SFTP server is met, only its host key, for the user to confirm before any credential goes to it.
 */
export const ConnectionCheck = z.object({
  state: z.enum(['success', 'failure', 'confirm']),
  message: z.string(),
  hostKey: z.string().describe('SFTP: the pinned fingerprint, or (state confirm) the one the server presents, to confirm'),
});

/** A validate's request: with the host key fingerprint the user confirmed, when the server's first validate asked for it. */
export const ConnectionValidate = z
  .object({
    hostKey: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe('The SFTP host key fingerprint (SHA256:...) shown by the previous validate and confirmed by the user'),
  })
  // A POST without a body (as before a host key was ever asked for) reaches the route as null.
  .nullish();
export type ConnectionValidate = z.infer<typeof ConnectionValidate>;
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

const tag = 'publish/connection';

/** The connection API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ConnectionApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/connection/list',
    access: { permission: ConnectionPerm.list },
    summary: 'List delivery connections by page',
    tag,
    query: ConnectionQuery,
    response: rowsOf(Connection),
  }),
  options: endpoint({
    method: 'GET',
    url: '/ccms/connection/optionselect',
    access: { permission: [ConnectionPerm.list, DeliverablePerm.add, DeliverablePerm.edit] },
    summary: 'List connections for pickers',
    tag,
    response: okOf(z.array(ConnectionOption)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/connection/:id',
    access: { permission: ConnectionPerm.query },
    summary: 'Get a connection',
    tag,
    params: IdParam,
    response: okOf(Connection),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/connection',
    access: { permission: ConnectionPerm.add },
    summary: 'Create a connection',
    tag,
    body: ConnectionBody,
    response: okOf(z.object({ connectionId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/connection',
    access: { permission: ConnectionPerm.edit },
    summary: 'Update a connection (a changed server or credential needs a new validate)',
    tag,
    body: ConnectionUpdate,
    response: OkEmpty,
  }),
  validate: endpoint({
    method: 'POST',
    url: '/ccms/connection/:id/validate',
    access: { permission: ConnectionPerm.edit },
    summary:
      'Validate a connection: connect, list the folder, write and delete a probe file. The first validate of an SFTP server answers only its host key (state confirm); validate again with that key to trust it',
    tag,
    params: IdParam,
    body: ConnectionValidate,
    response: okOf(ConnectionCheck),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/connection/:ids',
    access: { permission: ConnectionPerm.remove },
    summary: 'Delete connections',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
