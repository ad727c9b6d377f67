import type { Language } from '@ccms/contracts/constants';
import { systemConfigMessages } from '@ccms/contracts/messages/system-config';
import { toolMessages } from '@ccms/contracts/messages/tool';

/**
 * The server's sentence for a check of the generator's contract (a message key such as
 * gen.identifierFormat, or the dictionary type's dict.typeFormat) with the field's label, so the
 * edit screen says what the API would. Undefined for anything that is no such key.
 */
export function genSentence(lang: Language, key: string, field: string): string | undefined {
  const texts: Record<string, string> = { ...systemConfigMessages[lang], ...toolMessages[lang] };
  return texts[key]?.replace(/\{field\}/g, field);
}
