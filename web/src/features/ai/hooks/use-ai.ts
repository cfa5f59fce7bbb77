import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiApi, aiKeys } from '../api/ai-api.ts';

export const useAiSettings = () => useQuery({ queryKey: aiKeys.settings, queryFn: aiApi.settings });

export const useKnowledgeBases = () => useQuery({ queryKey: aiKeys.bases, queryFn: aiApi.bases });

/** Documents refetch every 2 s while one is still processing, so progress moves on screen. */
export const useDocuments = (kb: string | undefined) =>
  useQuery({
    queryKey: aiKeys.documents(kb ?? ''),
    queryFn: () => aiApi.documents(kb ?? ''),
    enabled: kb !== undefined,
    refetchInterval: (query) =>
      query.state.data?.some((doc) => doc.status === 'pending' || doc.status === 'processing') ? 2000 : false,
  });

export const useAssistants = () => useQuery({ queryKey: aiKeys.assistants, queryFn: aiApi.assistants });

export function useAssistantChoices() {
  const channels = useQuery({ queryKey: aiKeys.channels, queryFn: aiApi.channels });
  const departments = useQuery({ queryKey: aiKeys.departments, queryFn: aiApi.departments });
  return { channels: channels.data ?? [], departments: departments.data?.departments ?? [] };
}

/** Pipelines and employees for the CRM skills (a company without the pipelines feature gets none). */
export function useCrmChoices(enabled: boolean) {
  const pipelines = useQuery({ queryKey: aiKeys.pipelines, queryFn: aiApi.pipelines, enabled, retry: false });
  const employees = useQuery({ queryKey: aiKeys.employees, queryFn: aiApi.employees, enabled });
  return { pipelines: pipelines.data ?? [], employees: employees.data ?? [] };
}

/** A mutation that refreshes the given keys once it settles. */
export function useAiMutation<I, O>(run: (input: I) => Promise<O>, keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
