import type { QuickMessageView } from '@atende/shared/contracts/quick-messages/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { theme, Typography } from 'antd';

export const QUICK_LIST_ID = 'composer-quick-messages';
export const quickOptionId = (index: number) => `${QUICK_LIST_ID}-${index}`;

/** The quick messages matching the typed `/shortcut`, above the composer; the textarea keeps the focus. */
export function QuickMessageList({
  suggestions,
  highlight,
  onPick,
}: {
  suggestions: readonly QuickMessageView[];
  highlight: number;
  onPick: (item: QuickMessageView) => void;
}) {
  const { token } = theme.useToken();
  return (
    <div
      id={QUICK_LIST_ID}
      role="listbox"
      aria-label={ptBR.chat.composer.quickMessages}
      data-testid="quick-message-list"
      style={{
        maxHeight: 240,
        overflowY: 'auto',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorBgElevated,
      }}
    >
      {suggestions.map((item, index) => (
        <div
          key={item._id}
          id={quickOptionId(index)}
          role="option"
          aria-selected={index === highlight}
          data-testid="quick-message-option"
          // mousedown, not click: the textarea must not lose the caret the insertion replaces at.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(item);
          }}
          style={{
            padding: '6px 10px',
            cursor: 'pointer',
            background: index === highlight ? token.controlItemBgActive : undefined,
          }}
        >
          <Typography.Text strong>/{item.shortcut}</Typography.Text>{' '}
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
            {item.text}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
