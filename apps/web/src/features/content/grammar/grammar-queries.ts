import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { doctypeKeys } from '../doctype/doctype-queries';
import { type GrammarListParams, grammarApi } from './grammar-api';

/** The grammar package data layer: keys from `grammarKeys`; an install or delete invalidates them and the document types (their grammar column). */
const keys = entityKeys<GrammarListParams>('content', 'grammar');
export const grammarKeys = { ...keys, status: () => [...keys.all, 'status'] as const };

export const grammarQueries = {
  list: (params: GrammarListParams) => ({ queryKey: grammarKeys.list(params), queryFn: () => grammarApi.list(params) }),
};

/** Whether any package is installed (the hint while none is), and the machine catalog's version. */
export const useGrammarStatus = () => useQuery({ queryKey: grammarKeys.status(), queryFn: grammarApi.status });

function useInvalidateGrammars() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: grammarKeys.all }), client.invalidateQueries({ queryKey: doctypeKeys.all })]);
}

export function useInstallGrammar() {
  const invalidate = useInvalidateGrammars();
  return useMutation({ mutationFn: ({ name, file }: { name: string | undefined; file: File }) => grammarApi.install(name, file), onSuccess: invalidate });
}

export function useDeleteGrammars() {
  const invalidate = useInvalidateGrammars();
  return useMutation({ mutationFn: (ids: readonly number[]) => grammarApi.remove(ids), onSuccess: invalidate });
}
