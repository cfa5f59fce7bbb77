import { type DealEventDraft, dealEventView } from '@atende/shared/contracts/pipelines/events';

interface ItemChange {
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage: Record<string, unknown> | undefined;
  newImage: Record<string, unknown> | undefined;
}

/**
 * The deal.* events one deal item change means, in the dispatcher's draft shape (its mapper for entity
 * 'deal'): created on insert; on a change, stage_changed when the stage moved and won/lost when the status
 * became won or lost. Pure, so a replayed stream record yields the same events.
 */
export function dealEvents({ kind, oldImage, newImage }: ItemChange): DealEventDraft[] {
  if (!newImage || kind === 'REMOVE') return [];
  const deal = dealEventView.parse(newImage);
  const base = { company_id: String(newImage.company), entity_id: deal._id };
  if (kind === 'INSERT') return [{ ...base, type: 'deal.created' as const, data: { deal } }];
  if (!oldImage) return [];
  const before = dealEventView.parse(oldImage);
  return [
    ...(before.stage !== deal.stage
      ? [
          {
            ...base,
            type: 'deal.stage_changed' as const,
            data: { deal, from_stage: before.stage, to_stage: deal.stage },
          },
        ]
      : []),
    ...(before.status !== 'won' && deal.status === 'won'
      ? [{ ...base, type: 'deal.won' as const, data: { deal } }]
      : []),
    ...(before.status !== 'lost' && deal.status === 'lost'
      ? [{ ...base, type: 'deal.lost' as const, data: { deal } }]
      : []),
  ];
}
