import { useQuery } from '@tanstack/react-query';
import { faqApi, faqKeys } from '../api/faq-api.ts';

export const useFaqSetup = () => useQuery({ queryKey: faqKeys.setup, queryFn: faqApi.setup });

export const useFaqCategories = () =>
  useQuery({
    queryKey: faqKeys.categories,
    queryFn: faqApi.categories,
    select: (answer) => answer.categories,
  });
