import type { ConversationStatus } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Alert, Badge, Button, Empty, Flex, Input, Spin, Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationFilters } from '../api/query-keys.ts';
import { useConversationList } from '../hooks/use-conversations.ts';
import { useDepartmentOptions, useWalletOptions } from '../hooks/use-side-data.ts';
import type { ConversationTab } from '../state/list-filters.ts';
import type { ListFilterValues } from './conversation-filters.tsx';
import { ConversationFilters as FilterBar } from './conversation-filters.tsx';
import { ConversationRow } from './conversation-row.tsx';

const labels = ptBR.chat;
const ROW_HEIGHT = 84;
/** The next page is asked for while this many rows are still below the viewport. */
const PREFETCH_ROWS = 30;

interface ConversationListProps {
  tabs: ConversationTab[];
  tab: ConversationTab;
  onTab: (tab: ConversationTab) => void;
  searchText: string;
  onSearchText: (text: string) => void;
  search: string;
  filters: ListFilterValues;
  onFilters: (filters: ListFilterValues) => void;
  queueCount: number | undefined;
  reallocatedCount?: number | undefined;
  unreadTotal: number | undefined;
  /** Opens a conversation once the list loads: the route's customer, or the first match of a phone/e-mail. */
  autoOpen?: { customerId: string } | { first: true } | undefined;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  timeZone: string;
}

export function ConversationList(props: ConversationListProps) {
  const { tab, search, filters, selectedId, onSelect, timeZone } = props;
  const listFilters = useMemo<ConversationFilters>(
    () => ({
      tab,
      search,
      ...(filters.status && { status: filters.status as ConversationStatus }),
      ...(filters.channel && { channel: filters.channel }),
      ...(filters.department && { department: filters.department }),
      ...(filters.wallet && { wallet: filters.wallet }),
    }),
    [tab, search, filters.status, filters.channel, filters.department, filters.wallet],
  );
  const { query, items } = useConversationList(listFilters, true);
  const departments = useDepartmentOptions();
  const wallets = useWalletOptions();
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?._id ?? index,
    overscan: 8,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastVisible = virtualItems.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (lastVisible >= items.length - PREFETCH_ROWS && hasNextPage && !isFetchingNextPage && !isError) {
      void fetchNextPage();
    }
  }, [lastVisible, items.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const { autoOpen } = props;
  const [autoOpened, setAutoOpened] = useState(false);
  useEffect(() => {
    if (autoOpened || !autoOpen || selectedId || isFetching) return;
    const match =
      'customerId' in autoOpen ? items.find((item) => item.customer._id === autoOpen.customerId) : items[0];
    if (match) onSelect(match._id);
    setAutoOpened(true);
  }, [autoOpen, autoOpened, selectedId, items, isFetching, onSelect]);

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => props.onTab(key as ConversationTab)}
        style={{ paddingInline: 12, marginBottom: 0 }}
        items={props.tabs.map((key) => ({
          key,
          label: (
            <span data-testid={`conversation-tab-${key}`}>
              {labels.tabs[key]}
              {key === 'mine' && props.unreadTotal !== undefined && props.unreadTotal > 0 && (
                <Badge
                  count={props.unreadTotal}
                  size="small"
                  style={{ marginInlineStart: 6 }}
                  data-testid="unread-total"
                />
              )}
              {key === 'queue' && props.queueCount !== undefined && (
                <Badge
                  count={props.queueCount}
                  showZero
                  size="small"
                  color="orange"
                  title={labels.queueWaiting}
                  style={{ marginInlineStart: 6 }}
                  data-testid="queue-count"
                />
              )}
              {key === 'queue' && props.reallocatedCount !== undefined && props.reallocatedCount > 0 && (
                <Badge
                  count={props.reallocatedCount}
                  size="small"
                  color="purple"
                  title={labels.reallocatedWaiting}
                  style={{ marginInlineStart: 4 }}
                  data-testid="reallocated-count"
                />
              )}
            </span>
          ),
        }))}
      />
      <Flex vertical gap={6} style={{ padding: '8px 12px' }}>
        <Input.Search
          allowClear
          placeholder={labels.search}
          value={props.searchText}
          onChange={(event) => props.onSearchText(event.target.value)}
          data-testid="conversation-search"
        />
        <FilterBar
          value={filters}
          onChange={props.onFilters}
          departments={departments.data ?? []}
          wallets={wallets.data ?? []}
        />
      </Flex>
      <div
        ref={parentRef}
        data-testid="conversation-list"
        data-count={items.length}
        style={{ flex: 1, overflowY: 'auto', contain: 'strict' }}
      >
        {query.isPending ? (
          <Spin style={{ display: 'block', margin: '32px auto' }} />
        ) : query.isError && items.length === 0 ? (
          <Alert
            type="error"
            showIcon
            style={{ margin: 12 }}
            title={labels.listFailed}
            action={<Button onClick={() => void query.refetch()}>{labels.retry}</Button>}
          />
        ) : items.length === 0 ? (
          <Empty description={labels.emptyList} style={{ marginTop: 32 }} />
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualItems.map((virtual) => {
              const conversation = items[virtual.index];
              if (!conversation) return null;
              return (
                <div
                  key={virtual.key}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: ROW_HEIGHT,
                    transform: `translateY(${virtual.start}px)`,
                  }}
                >
                  <ConversationRow
                    conversation={conversation}
                    selected={conversation._id === selectedId}
                    timeZone={timeZone}
                    onSelect={onSelect}
                  />
                </div>
              );
            })}
          </div>
        )}
        {query.isFetchingNextPage && <Spin size="small" style={{ display: 'block', margin: 8 }} />}
      </div>
    </Flex>
  );
}
