import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { theme } from 'antd';
import { memo } from 'react';
import { dayKey } from '../state/day-groups.ts';
import { RichText } from './rich-text.tsx';

const labels = ptBR.chat;

const AVATAR = {
  width: 32,
  height: 32,
  borderRadius: '50%',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  objectFit: 'cover',
} as const;
const LINE = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 6 } as const;
const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;
const UNREAD = {
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  fontSize: 11,
  lineHeight: '18px',
  textAlign: 'center',
  flexShrink: 0,
} as const;
const TAG = {
  fontSize: 11,
  lineHeight: '16px',
  padding: '0 6px',
  borderRadius: 4,
} as const;
/** Fixed pastel pills with dark text: readable (AA) in the light and the dark themes alike. */
const STATUS_COLORS: Record<ConversationView['status'], { background: string; color: string }> = {
  bot: { background: '#f9f0ff', color: '#531dab' },
  queue: { background: '#fff7e6', color: '#ad4e00' },
  in_service: { background: '#e6f4ff', color: '#0958d9' },
  closed: { background: '#f5f5f5', color: '#595959' },
};

function lastMessagePreview(conversation: ConversationView): string {
  const last = conversation.last_message;
  if (!last) return '';
  if (last.type === 'text') return last.content;
  return `${labels.lastMessageMedia[last.type]}${last.content ? `: ${last.content}` : ''}`;
}

function activityTime(iso: string, timeZone: string, now: Date): string {
  const date = new Date(iso);
  const sameDay = dayKey(date, timeZone) === dayKey(now, timeZone);
  return new Intl.DateTimeFormat(
    'pt-BR',
    sameDay
      ? { timeZone, hour: '2-digit', minute: '2-digit' }
      : { timeZone, day: '2-digit', month: '2-digit' },
  ).format(date);
}

interface ConversationRowProps {
  conversation: ConversationView;
  selected: boolean;
  timeZone: string;
  onSelect: (id: string) => void;
}

export const ConversationRow = memo(function ConversationRow({
  conversation,
  selected,
  timeZone,
  onSelect,
}: ConversationRowProps) {
  const name = conversation.customer.full_name || labels.unknownCustomer;
  // The theme's colours, so a dark theme never puts its light text on a light row.
  const { token } = theme.useToken();
  const avatar = { ...AVATAR, background: token.colorFill, color: token.colorText };
  const quiet = token.colorTextTertiary;
  // Plain elements: this row is rendered for every step of a 10,000-item scroll, so nothing here measures itself.
  return (
    <div
      role="button"
      tabIndex={0}
      aria-current={selected}
      data-testid="conversation-item"
      data-conversation-id={conversation._id}
      onClick={() => onSelect(conversation._id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onSelect(conversation._id);
      }}
      style={{
        height: '100%',
        display: 'flex',
        gap: 10,
        alignItems: 'center',
        padding: '0 12px',
        cursor: 'pointer',
        background: selected ? token.colorPrimaryBg : undefined,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {conversation.customer.avatar ? (
        <img src={conversation.customer.avatar} alt="" width={32} height={32} style={avatar} />
      ) : (
        <span style={avatar}>{name.slice(0, 1).toUpperCase()}</span>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={LINE}>
          <strong style={ELLIPSIS}>{name}</strong>
          <span style={{ fontSize: 12, color: quiet, flexShrink: 0 }}>
            {activityTime(conversation.last_activity_at, timeZone, new Date())}
          </span>
        </div>
        <div style={LINE}>
          <span style={{ ...ELLIPSIS, fontSize: 13, color: quiet }}>
            <RichText text={lastMessagePreview(conversation)} />
          </span>
          {conversation.unread > 0 && (
            <span
              data-testid="conversation-unread"
              style={{ ...UNREAD, background: token.colorError, color: token.colorTextLightSolid }}
            >
              {conversation.unread}
            </span>
          )}
        </div>
        <div style={{ display: 'flex', gap: 4, marginTop: 2 }}>
          <span style={{ ...TAG, background: token.colorFillTertiary }}>
            {labels.channels[conversation.channel]}
          </span>
          <span style={{ ...TAG, ...STATUS_COLORS[conversation.status] }}>
            {labels.statuses[conversation.status]}
          </span>
        </div>
      </div>
    </div>
  );
});
