import { LikeOutlined } from '@ant-design/icons';
import type { SuggestionView } from '@atende/shared/contracts/suggestions/routes';
import { interpolate, plural } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { type SuggestionStatus, SUGGESTION_TRANSITIONS } from '@atende/shared/rules/suggestion-status';
import { Button, List, Select, Space, Tag, Typography } from 'antd';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';

const labels = ptBR.suggestions;
const STATUS_COLORS: Record<SuggestionStatus, string> = {
  received: 'default',
  reviewing: 'processing',
  planned: 'purple',
  done: 'success',
  declined: 'error',
};

/** One suggestion: its status (and who last moved it), votes, and the admin's next moves. */
export function SuggestionItem({
  item,
  voting,
  moving,
  onVote,
  onMove,
}: {
  item: SuggestionView;
  voting: boolean;
  moving: boolean;
  onVote: () => void;
  onMove: (status: SuggestionStatus) => void;
}) {
  const next = SUGGESTION_TRANSITIONS[item.status];
  return (
    <List.Item
      data-testid="suggestion-item"
      data-status={item.status}
      actions={[
        ...(next.length > 0
          ? [
              <Select<SuggestionStatus>
                key="move"
                placeholder={labels.moveTo}
                aria-label={labels.moveTo}
                value={null}
                loading={moving}
                disabled={moving}
                onChange={onMove}
                options={next.map((status) => ({ value: status, label: labels.status[status] }))}
                style={{ minWidth: 160 }}
                data-testid="suggestion-move"
              />,
            ]
          : []),
        <Button
          key="vote"
          icon={<LikeOutlined />}
          loading={voting}
          disabled={item.mine || item.voted}
          onClick={onVote}
        >
          {item.voted ? labels.voted : labels.vote}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap>
            {item.title}
            <Tag color={STATUS_COLORS[item.status]} data-testid="suggestion-status">
              {labels.status[item.status]}
            </Tag>
            {item.mine && <Tag color="blue">{labels.mine}</Tag>}
          </Space>
        }
        description={
          <>
            {`${item.description} — ${item.author.name}, ${formatCompanyTime(item.created_at)} · ${plural(labels.votes, item.votes)}`}
            {item.status_changed && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {interpolate(labels.statusChanged, {
                  name: item.status_changed.by,
                  at: formatCompanyTime(item.status_changed.at),
                })}
              </Typography.Text>
            )}
          </>
        }
      />
    </List.Item>
  );
}
