import { ptBR } from '@atende/shared/i18n/pt-BR';
import { SmileOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';

/** The picker and its pt names load on first open; emoji render natively (no image CDN). */
const EmojiPicker = lazy(() => import('./emoji-panel.tsx'));

export function EmojiButton({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      content={
        <Suspense fallback={<Spin />}>
          <EmojiPicker onPick={onPick} />
        </Suspense>
      }
    >
      <Button
        type="text"
        icon={<SmileOutlined />}
        aria-label={ptBR.chat.composer.emoji}
        title={ptBR.chat.composer.emoji}
        disabled={disabled}
        data-testid="composer-emoji"
      />
    </Popover>
  );
}
