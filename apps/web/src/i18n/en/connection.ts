import type { Messages } from '../types';
import type zh from '../zh/connection';

/** Delivery connections (ccms/connection). */
const connection: Messages<typeof zh> = {
  name: 'Name',
  type: 'Type',
  host: 'Host',
  port: 'Port',
  remotePath: 'Remote path',
  credentialType: 'Credential type',
  credentialName: 'Credential name',
  username: 'User name',
  password: 'Password',
  privateKey: 'Private key',
  secretKept: 'Leave ****** to keep the stored password or key',
  types: { sftp: 'SFTP', ftp: 'FTP', ftps: 'FTPS' },
  credentialTypes: { password: 'Password', privateKey: 'Private key' },
  validated: 'Validation',
  validatedYes: 'Validated',
  validatedNo: 'Not validated',
  validateTime: 'Validated at',
  hostKey: 'Host key',
  validate: 'Validate',
  validateOk: 'Validation succeeded',
  validateFailed: 'Validation failed',
  hostKeyConfirmTitle: 'Confirm the server host key',
  hostKeyConfirmText: 'First connection to "{{name}}" ({{host}}). The server presents this host key fingerprint:',
  hostKeyConfirmHint:
    "Check this fingerprint with the server's administrator. Only once you trust it is the credential sent and the key pinned; a later different key is refused.",
  hostKeyTrust: 'Trust and validate',
  invalidPort: 'Invalid port number',
  invalidPath: 'Invalid path',
  required: '{{field}} is required',
  addConnection: 'Add connection',
  editConnection: 'Edit connection',
  added: 'Added',
  updated: 'Updated',
  deleted: 'Deleted',
  confirmDelete: 'Delete "{{names}}"?',
};

export default connection;
