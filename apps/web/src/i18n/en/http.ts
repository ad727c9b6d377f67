import { commonMessages } from '@ccms/contracts/messages/common';
import type { Messages } from '../types';
import type zh from '../zh/http';

const m = commonMessages.en;

const http: Messages<typeof zh> = {
  sessionExpiredPrompt: 'Login has expired, you can stay on this page or log in again',
  relogin: 'Log in again',
  sessionInvalid: m['session.invalid'],
  code401: m['error.401'],
  code403: m['error.403'],
  code404: m['error.404'],
  codeDefault: m['error.default'],
  networkError: 'Backend interface connection error',
  timeout: 'System interface request timed out',
  httpStatus: 'System interface {{status}} error',
  duplicateSubmit: m.duplicateSubmit,
  downloadError: 'Error downloading file, please contact the administrator!',
  downloading: 'Downloading data, please wait',
  denied: {
    right: 'You need the right “{{name}}” ({{perms}}) to {{purpose}}',
    rightNoName: 'You need the right {{perms}} to {{purpose}}',
    oneOf: 'You need one of these rights to {{purpose}}: {{rights}}',
    level: 'You need at least the “{{level}}” level on this {{object}} to {{purpose}}',
    separator: '; ',
    purposes: { see: 'see this', do: 'do this' },
    objects: { library: 'library', project: 'project', regulation: 'regulation' },
    levels: { owner: 'Owner', admin: 'Admin', write: 'Write', publish: 'Publish', read: 'Read' },
  },
};
export default http;
