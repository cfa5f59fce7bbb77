import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { choicesApi, flowKeys, flowsApi } from '../api/flows-api.ts';

export const useFlows = () => useQuery({ queryKey: flowKeys.list, queryFn: flowsApi.list });

export const useFlow = (id: string | undefined) =>
  useQuery({
    queryKey: flowKeys.one(id ?? ''),
    queryFn: () => flowsApi.get(id as string),
    enabled: Boolean(id),
  });

/** Create, duplicate and delete, each refreshing the list. */
export function useFlowMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: flowKeys.all });
  return {
    create: useMutation({ mutationFn: flowsApi.create, onSuccess: refresh }),
    duplicate: useMutation({ mutationFn: flowsApi.duplicate, onSuccess: refresh }),
    remove: useMutation({ mutationFn: flowsApi.remove, onSuccess: refresh }),
  };
}

/** Departments, employees and tags the inspector offers; one that fails to load offers nothing. */
export function useInspectorChoices() {
  const options = { staleTime: 60_000, retry: false } as const;
  const departments = useQuery({
    queryKey: flowKeys.departments,
    queryFn: choicesApi.departments,
    ...options,
  });
  const employees = useQuery({ queryKey: flowKeys.employees, queryFn: choicesApi.employees, ...options });
  const tags = useQuery({ queryKey: flowKeys.tags, queryFn: choicesApi.tags, ...options });
  const assistants = useQuery({ queryKey: flowKeys.assistants, queryFn: choicesApi.assistants, ...options });
  const flows = useFlows();
  return {
    departments: (departments.data ?? []).map((node) => ({ value: node._id, label: node.name })),
    employees: (employees.data ?? []).map((employee) => ({ value: employee._id, label: employee.name })),
    tags: (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name })),
    assistants: (assistants.data ?? []).map((assistant) => ({ value: assistant._id, label: assistant.name })),
    flows: (flows.data?.flows ?? [])
      .filter((flow) => flow.published_version !== null)
      .map((flow) => ({ value: flow._id, label: flow.name })),
  };
}

/** The name of the assistant an AI block names, for its card on the canvas (shares the inspector's query). */
export function useAssistantName(id: string | undefined): string | undefined {
  const assistants = useQuery({
    queryKey: flowKeys.assistants,
    queryFn: choicesApi.assistants,
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: false,
  });
  return assistants.data?.find((assistant) => assistant._id === id)?.name;
}
