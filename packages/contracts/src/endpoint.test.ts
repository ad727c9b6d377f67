import { describe, expect, it } from 'vitest';
import { pathNames, urlOf } from './endpoint';

describe('endpoint URLs', () => {
  it('fills each :name as one encoded segment, lists joined by commas', () => {
    expect(urlOf({ url: '/system/post/:id' }, { id: 7 })).toBe('/system/post/7');
    expect(urlOf({ url: '/system/post/:ids' }, { ids: [1, 2, 3] })).toBe('/system/post/1,2,3');
    expect(urlOf({ url: '/ccms/library/:id/branch/:name' }, { id: 1, name: 'feature/a b' })).toBe('/ccms/library/1/branch/feature%2Fa%20b');
  });

  it('fills a trailing * as a path, each segment encoded', () => {
    expect(urlOf({ url: '/profile/upload/*' }, { '*': '2026/11/a b.png' })).toBe('/profile/upload/2026/11/a%20b.png');
  });

  it('refuses a missing value instead of sending a broken URL', () => {
    expect(() => urlOf({ url: '/system/post/:id' }, {})).toThrow('/system/post/:id: no value for :id');
  });

  it('names the parts a URL takes', () => {
    expect(pathNames('/ccms/output/view/:id/:ticket/*')).toEqual(['id', 'ticket', '*']);
    expect(pathNames('/system/post/list')).toEqual([]);
  });
});
