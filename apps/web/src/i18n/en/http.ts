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
};
export default http;
