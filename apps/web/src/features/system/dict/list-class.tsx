import type { LIST_CLASSES } from '@ccms/contracts/system/dict';
import { DictTag } from '../../../shared/dict/DictTag';

type ListClass = (typeof LIST_CLASSES)[number];

/**
 * The tag styles of contracts' LIST_CLASSES (only its type is imported: the value would pull the
 * schemas' zod into this chunk); the check below fails the build if the two lists drift apart.
 */
export const TAG_STYLES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const satisfies readonly ListClass[];
type NoneMissing<T extends never> = T;
/** Fails to compile when contracts add a style this list lacks. */
export type TagStylesComplete = NoneMissing<Exclude<ListClass, (typeof TAG_STYLES)[number]>>;

/** A label drawn the way lists show it: the tag style's colour, or plain text with its CSS class for "default". */
export function StyledLabel({ label, listClass, cssClass = '' }: { label: string; listClass: string; cssClass?: string }) {
  if (!label) return null;
  return <DictTag options={[{ label, value: 'v', listClass, cssClass, isDefault: false }]} value="v" />;
}
