import { describe, expect, it } from 'vitest';
import { acceptOf, FILE_RULES, fileNameOf, IMAGE_RULES, joinValue, matchesType, refusal, splitValue, UploadQueue, withinSize } from './upload-rules';

const MB = 1024 * 1024;
const file = (name: string, type = '', size = 10) => ({ name, type, size });

describe('upload rules (spec section 5)', () => {
  it('defaults: doc, xls, ppt, txt, pdf; 5 MB; 5 files. Images: png, jpg, jpeg', () => {
    expect(FILE_RULES).toEqual({ fileType: ['doc', 'xls', 'ppt', 'txt', 'pdf'], fileSize: 5, limit: 5 });
    expect(IMAGE_RULES.fileType).toEqual(['png', 'jpg', 'jpeg']);
  });

  it('matches the type by MIME type or by extension', () => {
    expect(matchesType(file('report.pdf'), FILE_RULES.fileType)).toBe(true);
    expect(matchesType(file('REPORT.DOCX'), FILE_RULES.fileType)).toBe(true);
    expect(matchesType(file('noext', 'text/plain'), FILE_RULES.fileType)).toBe(true);
    expect(matchesType(file('data.bin', 'application/pdf'), FILE_RULES.fileType)).toBe(true);
    expect(matchesType(file('tool.exe', 'application/x-msdownload'), FILE_RULES.fileType)).toBe(false);
    expect(matchesType(file('photo.gif', 'image/gif'), IMAGE_RULES.fileType)).toBe(false);
    expect(matchesType(file('photo', 'image/jpeg'), IMAGE_RULES.fileType)).toBe(true);
    expect(matchesType(file('anything.xyz'), [])).toBe(true);
  });

  it('a file must be strictly smaller than the limit', () => {
    expect(withinSize({ size: 5 * MB - 1 }, 5)).toBe(true);
    expect(withinSize({ size: 5 * MB }, 5)).toBe(false);
    expect(withinSize({ size: 50 * MB }, 0)).toBe(true);
  });

  it('refuses by count, then format, then size', () => {
    expect(refusal(file('a.pdf'), FILE_RULES, 5)).toEqual({ reason: 'count' });
    expect(refusal(file('a.exe'), FILE_RULES, 0)).toEqual({ reason: 'format' });
    expect(refusal(file('a.pdf', '', 6 * MB), FILE_RULES, 0)).toEqual({ reason: 'size' });
    expect(refusal(file('a.pdf'), FILE_RULES, 4)).toBeNull();
  });

  it('stores multi-value lists comma-separated', () => {
    expect(splitValue('/a.pdf,/b.pdf,')).toEqual(['/a.pdf', '/b.pdf']);
    expect(splitValue(undefined)).toEqual([]);
    expect(splitValue(['/a', ''])).toEqual(['/a']);
    expect(joinValue(['/a.pdf', '', '/b.pdf'])).toBe('/a.pdf,/b.pdf');
    expect(fileNameOf('/profile/upload/2024/01/01/a_1.pdf')).toBe('a_1.pdf');
  });
});

describe('file picker accept list', () => {
  it('offers the newer Office extensions the rules accept, so .docx and .xlsx are not hidden', () => {
    expect(acceptOf(FILE_RULES.fileType)).toBe('.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.pdf');
    expect(acceptOf(IMAGE_RULES.fileType)).toBe('.png,.jpg,.jpeg');
  });
});

describe('pending counter', () => {
  it('merges once every accepted file succeeded, in one batch', () => {
    const q = new UploadQueue();
    q.accept();
    q.accept();
    q.accept();
    expect(q.size).toBe(3);
    expect(q.succeed('/a')).toBeNull();
    expect(q.succeed('/b')).toBeNull();
    expect(q.succeed('/c')).toEqual(['/a', '/b', '/c']);
    expect(q.size).toBe(0);
  });

  it('a failed file stops counting, so the others still merge', () => {
    const q = new UploadQueue();
    q.accept();
    q.accept();
    expect(q.succeed('/a')).toBeNull();
    expect(q.fail()).toEqual(['/a']);
    q.accept();
    expect(q.fail()).toBeNull();
  });
});
