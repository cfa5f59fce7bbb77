import type { CampaignStatus } from '@atende/shared/contracts/campaigns/campaign-fields';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { publishCampaign } from './publish.ts';
import { enqueueDispatch } from './queue.ts';
import type { CampaignRecord } from './records.ts';
import { transition } from './store.ts';

/** Created or scheduled → running, then the audience is resolved on the dispatch queue. */
export async function beginDispatch(
  companyId: string,
  id: string,
  from: readonly CampaignStatus[],
): Promise<CampaignRecord | undefined> {
  const running = await transition(
    companyId,
    id,
    { statuses: from },
    { status: CAMPAIGN_STATUS.running, started_at: new Date().toISOString() },
  );
  if (!running) return undefined;
  await enqueueDispatch([{ kind: 'prepare', companyId, campaignId: id }]);
  await publishCampaign(running);
  return running;
}
