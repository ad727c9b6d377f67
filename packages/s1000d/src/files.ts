import type { FileRole, StandardFiles } from '@ccms/contracts/content/standard';
import { parseFileName } from './codes.js';

/**
 * S1000D's reading of file paths (the content-standard seam, `@ccms/contracts/content/standard`).
 * Names only: what the content says (dmIdent, pmIdent) wins over the name when the file is read.
 */

/** The information codes of business rules exchange data modules (022: BREX). */
const RULES_INFO_CODE = /-022[A-Z]-[A-Z](?:-|$)/;

export const s1000dFiles: StandardFiles = {
  id: 's1000d',
  roleOf(path: string): FileRole {
    const name = parseFileName(path);
    if (name === undefined) return 'other';
    switch (name.kind) {
      case 'pm':
        return 'document';
      case 'dm':
      case 'dme':
        return RULES_INFO_CODE.test(name.code) ? 'rules' : 'unit';
      case 'icn':
        return 'resource';
      default:
        return 'list';
    }
  },
  isSource(path: string): boolean {
    const name = parseFileName(path);
    return name !== undefined && name.kind !== 'icn' && name.extension === 'XML';
  },
};
