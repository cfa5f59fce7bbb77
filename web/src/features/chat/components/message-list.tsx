import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Alert, Button, Divider, Empty, Spin, theme } from 'antd';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useEmployeeImages } from '../../../lib/session/profile-api.ts';
import { useMessageTimeline } from '../hooks/use-messages.ts';
import { groupByDay } from '../state/day-groups.ts';
import { MessageBubble } from './message-bubble.tsx';

const labels = ptBR.chat;
/** Older pages load when the reader gets this close to the top. */
const LOAD_OLDER_PX = 240;
const STICK_TO_BOTTOM_PX = 160;

interface MessageListProps {
  conversationId: string;
  timeZone: string;
  onResend: (message: MessageView) => void;
  onRetryTemp: (tempId: string, message: MessageView) => void;
}

export function MessageList({ conversationId, timeZone, onResend, onRetryTemp }: MessageListProps) {
  const { token } = theme.useToken();
  const { query, timeline } = useMessageTimeline(conversationId);
  const rows = useMemo(
    () =>
      groupByDay(
        timeline,
        (entry) => entry.message.created_at,
        (entry) => entry.key,
        new Date(),
        timeZone,
      ),
    [timeline, timeZone],
  );
  const authors = useMemo(
    () => timeline.flatMap((entry) => (entry.message.employee ? [entry.message.employee._id] : [])),
    [timeline],
  );
  const images = useEmployeeImages(authors);
  const parentRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? 40 : 76),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
  });

  const firstKey = rows[0]?.key;
  const lastRow = rows.at(-1);
  const lastKey = lastRow?.key;
  const previous = useRef({ firstKey, lastKey, total: 0, count: 0 });
  useLayoutEffect(() => {
    const element = parentRef.current;
    if (!element) return;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    const toEnd = () => virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    if (before.count === 0 && rows.length > 0) toEnd();
    else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
      // Older messages went in above: keep the reader on the message they were looking at.
      element.scrollTop += total - before.total;
    } else if (lastKey !== before.lastKey) {
      const own = lastRow?.kind === 'message' && lastRow.item.message.sent_by === 'operator';
      if (own || nearBottom.current) toEnd();
    }
    previous.current = { firstKey, lastKey, total, count: rows.length };
  }, [rows.length, firstKey, lastKey, lastRow, virtualizer]);

  const onScroll = () => {
    const element = parentRef.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_PX && query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
    }
  };

  if (query.isPending) return <Spin style={{ margin: 'auto' }} />;
  if (query.isError && rows.length === 0) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ margin: 16 }}
        title={labels.messagesFailed}
        action={<Button onClick={() => void query.refetch()}>{labels.retry}</Button>}
      />
    );
  }
  return (
    <div
      ref={parentRef}
      onScroll={onScroll}
      data-testid="message-list"
      style={{ flex: 1, overflowY: 'auto', background: token.colorBgLayout, contain: 'strict' }}
    >
      {query.isFetchingNextPage && (
        <div style={{ position: 'sticky', top: 0, height: 0, zIndex: 1, textAlign: 'center' }}>
          <span
            style={{
              background: token.colorBgElevated,
              borderRadius: 12,
              padding: '2px 10px',
              boxShadow: '0 1px 4px #0002',
            }}
          >
            <Spin size="small" /> {labels.loadingOlder}
          </span>
        </div>
      )}
      {rows.length === 0 ? (
        <Empty description={labels.noMessages} style={{ marginTop: 48 }} />
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = rows[virtual.index];
            if (!row) return null;
            return (
              <div
                key={virtual.key}
                data-index={virtual.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${virtual.start}px)`,
                }}
              >
                {row.kind === 'day' ? (
                  <Divider plain data-testid="day-separator" style={{ margin: '8px 0', fontSize: 12 }}>
                    {row.label}
                  </Divider>
                ) : (
                  <MessageBubble
                    entry={row.item}
                    authorImage={
                      row.item.message.employee ? images[row.item.message.employee._id] : undefined
                    }
                    timeZone={timeZone}
                    onResend={onResend}
                    onRetryTemp={onRetryTemp}
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
