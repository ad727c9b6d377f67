import type { Language } from '../constants';
import { authMessages } from './auth';
import { authoringMessages } from './authoring';
import { catalogMessages } from './catalog';
import { commonMessages } from './common';
import { complianceMessages } from './compliance';
import { contentMessages } from './content';
import { deliveryMessages } from './delivery';
import { downloadMessages } from './download';
import { excelMessages } from './excel';
import { flightopsMessages } from './flightops';
import { mapEditorMessages } from './map-editor';
import { monitorMessages } from './monitor';
import { notificationMessages } from './notification';
import { publishMessages } from './publish';
import { resourceMessages } from './resource';
import { ssoMessages } from './sso';
import { systemMessages } from './system';
import { systemConfigMessages } from './system-config';
import { systemUsersMessages } from './system-users';
import { toolMessages } from './tool';
import { topicEditorMessages } from './topic-editor';
import { translationMessages } from './translation';
import { workMessages } from './work';
import { workItemMessages } from './work-item';
import { xmlProfileMessages } from './xml-profile';

/** Each area's messages (one file per area): a key belongs to one of them only. */
export const messageAreas = {
  commonMessages,
  authMessages,
  systemMessages,
  systemUsersMessages,
  systemConfigMessages,
  monitorMessages,
  toolMessages,
  contentMessages,
  catalogMessages,
  topicEditorMessages,
  mapEditorMessages,
  authoringMessages,
  resourceMessages,
  workMessages,
  workItemMessages,
  excelMessages,
  deliveryMessages,
  downloadMessages,
  publishMessages,
  notificationMessages,
  translationMessages,
  flightopsMessages,
  complianceMessages,
  ssoMessages,
  xmlProfileMessages,
};

/**
 * Every server message in both languages. Each area owns one file; a test fails when a key is
 * missing in either language.
 */
export const messageCatalog = {
  zh: {
    ...commonMessages.zh,
    ...authMessages.zh,
    ...systemMessages.zh,
    ...systemUsersMessages.zh,
    ...systemConfigMessages.zh,
    ...monitorMessages.zh,
    ...toolMessages.zh,
    ...contentMessages.zh,
    ...catalogMessages.zh,
    ...topicEditorMessages.zh,
    ...mapEditorMessages.zh,
    ...authoringMessages.zh,
    ...resourceMessages.zh,
    ...workMessages.zh,
    ...workItemMessages.zh,
    ...excelMessages.zh,
    ...deliveryMessages.zh,
    ...downloadMessages.zh,
    ...publishMessages.zh,
    ...notificationMessages.zh,
    ...translationMessages.zh,
    ...flightopsMessages.zh,
    ...complianceMessages.zh,
    ...ssoMessages.zh,
    ...xmlProfileMessages.zh,
  },
  en: {
    ...commonMessages.en,
    ...authMessages.en,
    ...systemMessages.en,
    ...systemUsersMessages.en,
    ...systemConfigMessages.en,
    ...monitorMessages.en,
    ...toolMessages.en,
    ...contentMessages.en,
    ...catalogMessages.en,
    ...topicEditorMessages.en,
    ...mapEditorMessages.en,
    ...authoringMessages.en,
    ...resourceMessages.en,
    ...workMessages.en,
    ...workItemMessages.en,
    ...excelMessages.en,
    ...deliveryMessages.en,
    ...downloadMessages.en,
    ...publishMessages.en,
    ...notificationMessages.en,
    ...translationMessages.en,
    ...flightopsMessages.en,
    ...complianceMessages.en,
    ...ssoMessages.en,
    ...xmlProfileMessages.en,
  },
};

export type MessageKey = keyof typeof messageCatalog.en;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messageCatalog.en, key);
}

/** Fills {name} placeholders; unknown keys come back as given (already a sentence). */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const table: Record<string, string> = messageCatalog[lang];
  const text = table[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    // A parameter that names a message (messageRef) is put in the caller's words too.
    if (typeof value === 'string' && value.startsWith(MESSAGE_REF)) {
      const ref = value.slice(MESSAGE_REF.length);
      return table[ref] ?? ref.slice(ref.lastIndexOf('.') + 1);
    }
    return String(value);
  });
}

const MESSAGE_REF = '\u0000msg:';

/**
 * A message parameter translated with the message: a field label or an operator word rather
 * than the internal name (`field: messageRef('workItem.field.priority')`).
 */
export const messageRef = (key: string): string => `${MESSAGE_REF}${key}`;
