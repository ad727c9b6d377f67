import { EditorNewBody } from '@ccms/contracts/content/topic-editor';
import { describe, expect, it } from 'vitest';
import { fileNameOf, idOf, slugOf } from './new-topic-names';

describe('new topic names', () => {
  it('derives a file name and an id the contract accepts from a title', () => {
    for (const title of ['Install the Server', 'Ünïcode café', '2 steps to go', '安装服务器', '  --  ']) {
      const body = EditorNewBody.safeParse({ libraryId: 1, type: 'task', title: title.trim() || 'x', fileName: fileNameOf(title, 1), id: idOf(title, 1) });
      expect(body.success, title).toBe(true);
    }
    expect(fileNameOf('Install the Server')).toBe('install-the-server.dita');
    expect(idOf('Install the Server')).toBe('install_the_server');
    expect(idOf('2 steps')).toBe('t_2_steps');
    expect(slugOf('Ünïcode café')).toBe('unicode-cafe');
    expect(slugOf('安装服务器', 36)).toBe('topic-10');
  });
});
