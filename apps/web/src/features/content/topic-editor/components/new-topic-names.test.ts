import type { TemplateOption } from '@ccms/contracts/content/template';
import { EditorNewBody } from '@ccms/contracts/content/topic-editor';
import { describe, expect, it } from 'vitest';
import { fileNameOf, idOf, idOfFileName, slugOf, templatesOfType } from './new-topic-names';

describe('new topic names', () => {
  it('derives a file name and an id the contract accepts from a title', () => {
    for (const title of ['Install the Server', 'Ünïcode café', '2 steps to go', '安装服务器', '  --  ']) {
      const body = EditorNewBody.safeParse({ libraryId: 1, type: 'task', title: title.trim() || 'x', fileName: fileNameOf(title, 1), id: idOf(title, 1) });
      expect(body.success, title).toBe(true);
    }
    expect(fileNameOf('Install the Server')).toBe('install-the-server.dita');
    expect(idOf('Install the Server')).toBe('install-the-server');
    expect(idOf('2 steps')).toBe('t_2-steps');
    expect(slugOf('Ünïcode café')).toBe('unicode-cafe');
    expect(slugOf('安装服务器', 36)).toBe('topic-10');
  });

  it('names the id like the file, made an XML name', () => {
    expect(idOfFileName('install-pump.dita')).toBe('install-pump');
    expect(idOfFileName('Install Pump.DITA')).toBe('Install_Pump');
    expect(idOfFileName('3d-view.dita')).toBe('t_3d-view');
    expect(idOfFileName('pump.v2.xml')).toBe('pump.v2');
    expect(idOfFileName('泵.dita')).toBe('');
    expect(idOfFileName('.dita')).toBe('');
    for (const f of ['install-pump.dita', 'Install Pump.dita', '3d-view.dita', 'a b/c.dita', 'ça-va.dita']) {
      const id = idOfFileName(f);
      expect(EditorNewBody.shape.id.safeParse(id).success, `${f} → ${id}`).toBe(true);
    }
  });

  it("offers a type's templates, the writer's language first", () => {
    const o = (templateId: number, doctypeName: string, lang: string, templateName = `T${templateId}`): TemplateOption => ({
      templateId,
      templateName,
      doctypeName,
      kind: 'topic',
      lang,
    });
    const all = [o(1, 'task', 'zh-CN'), o(2, 'concept', 'en-US'), o(3, 'task', 'en-US'), o(4, 'map', 'en-US'), o(5, 'task', 'en-US', 'A')];
    expect(templatesOfType(all, 'task', 'en').map((t) => t.templateId)).toEqual([5, 3, 1]);
    expect(templatesOfType(all, 'task', 'zh-CN').map((t) => t.templateId)).toEqual([1, 5, 3]);
    expect(templatesOfType(all, 'reference', 'zh')).toEqual([]);
  });
});
