import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aiApi, aiKeys } from '../api/ai-api.ts';

export const useDemands = (page: number, assistant?: string) =>
  useQuery({
    queryKey: aiKeys.demands(page, assistant),
    queryFn: () => aiApi.demands(page, assistant),
    placeholderData: keepPreviousData,
  });

export const usePrecision = (from: string, to: string) =>
  useQuery({ queryKey: aiKeys.precision(from, to), queryFn: () => aiApi.precision(from, to) });

const running = (status: string | undefined) => status === 'queued' || status === 'running';

/** The evaluation history, polled while one of them runs. */
export const useEvaluations = () =>
  useQuery({
    queryKey: aiKeys.evaluations,
    queryFn: aiApi.evaluations,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((item) => running(item.status)) ? 2000 : false,
  });

/** One evaluation with its cases, polled until it ends. */
export const useEvaluation = (id: string | undefined) =>
  useQuery({
    queryKey: aiKeys.evaluation(id ?? ''),
    queryFn: () => aiApi.evaluation(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (running(query.state.data?.status) ? 2000 : false),
  });

export const useAiTags = () => useQuery({ queryKey: aiKeys.tags, queryFn: aiApi.tags });
