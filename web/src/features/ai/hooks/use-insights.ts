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
