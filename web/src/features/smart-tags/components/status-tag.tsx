import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Flex, Progress, Tag } from 'antd';

const COLORS: Record<SmartTagView['status'], string> = {
  pending: 'default',
  running: 'processing',
  ready: 'success',
  failed: 'error',
};

/** The state of a smart tag's members: queued, being computed (with progress), up to date or failed. */
export function StatusTag({ tag }: { tag: SmartTagView }) {
  const { processed, total } = tag.progress;
  return (
    <Flex vertical gap={4} data-testid="smart-tag-status" data-status={tag.status}>
      <Tag color={COLORS[tag.status]} style={{ width: 'fit-content' }}>
        {ptBR.smartTags.statuses[tag.status]}
      </Tag>
      {tag.status === 'running' && total > 0 && (
        <Progress
          size="small"
          percent={Math.round((processed / total) * 100)}
          format={() => interpolate(ptBR.smartTags.screens.progress, { processed, total })}
        />
      )}
    </Flex>
  );
}
