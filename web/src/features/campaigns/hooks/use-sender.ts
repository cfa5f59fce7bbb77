import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignKeys, campaignsApi, type SenderInput } from '../api/campaigns-api.ts';

/** One official number's governor limits (rate, tier, quality, reach in 24 h) and their edit. */
export function useSender(integration: string) {
  const client = useQueryClient();
  const sender = useQuery({
    queryKey: campaignKeys.sender(integration),
    queryFn: () => campaignsApi.sender(integration),
  });
  const save = useMutation({
    mutationFn: (body: SenderInput) => campaignsApi.saveSender(integration, body),
    onSuccess: (view) => client.setQueryData(campaignKeys.sender(integration), view),
  });
  return { sender, save };
}
