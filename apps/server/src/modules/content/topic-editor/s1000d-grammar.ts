import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import { compareVersions } from '@ccms/dita';
import { describeFile, type SchemaPackage } from '@ccms/s1000d';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { GrammarRegistry } from '../grammar/grammar-registry';
import { standardOf } from '../standard/registry';
import type { TopicEditorService } from './topic-editor.service';

/** The schema file an object names (…/xml_schema_flat/proced.xsd → proced.xsd). */
const schemaFile = (schema: string) => `${schema}.xsd`;

/**
 * The completion grammar of an S1000D object, from the installed schema packages: the package of
 * the object's own issue, else the newest installed one (the source view says which); empty when
 * none is installed.
 */
export function s1000dEditorGrammar(editor: TopicEditorService, grammars: Pick<GrammarRegistry, 's1000d'>) {
  return {
    async grammar(auth: AuthContext, target: { libraryId: number; branch?: string | undefined; path: string }): Promise<EditorGrammar> {
      const file = await editor.fileOf(auth, target, 'read');
      if (standardOf(file.row.libraryType).id !== 's1000d') throw badRequest('editor.notS1000dObject', { path: file.path });
      const { repo, head } = await editor.headOf(file);
      const blob = await repo.blobAt(head, file.path);
      const obj = describeFile(file.path, blob?.body.toString('utf8') ?? '');
      const schema = schemaFile(obj.schema ?? obj.root ?? 'dmodule');
      const issue = obj.s1000dIssue ?? '';
      const { packages } = await grammars.s1000d();
      const own = packages.find((p) => p.issue === issue && p.has(schema));
      const newest = [...packages].filter((p) => p.has(schema)).sort((a, b) => compareVersions(b.issue, a.issue))[0];
      const pkg: SchemaPackage | undefined = own ?? newest;
      const g = pkg?.grammar(schema);
      return { schema, issue, servedIssue: g && pkg ? pkg.issue : null, roots: g?.roots ?? [], elements: g?.elements ?? {} };
    },
  };
}
