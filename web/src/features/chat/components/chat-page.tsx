import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Empty, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useNotificationAudio } from '../../../lib/session/notifications-api.ts';
import { useChatLive } from '../hooks/use-chat-live.ts';
import { useChatMe } from '../hooks/use-chat-me.ts';
import { useChatNotifications } from '../hooks/use-side-data.ts';
import {
  useConversation,
  useDebouncedSearch,
  useQueueCount,
  useReallocatedCount,
  useUnreadTotal,
} from '../hooks/use-conversations.ts';
import type { ConversationTab } from '../state/list-filters.ts';
import { visibleTabs } from '../state/list-filters.ts';
import { tabFollowing } from '../state/list-placement.ts';
import { whatsappIntegrationOptions } from '../state/migration-options.ts';
import type { ListFilterValues } from './conversation-filters.tsx';
import { ChatPanes } from './chat-panes.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';
import { MigrateModal } from './migrate-modal.tsx';
import { SidePanel } from './side-panel.tsx';

const SELECTED_PARAM = 'conversation';

/**
 * Every chat route of spec point 2: app/chat/:customer_id?/:queue_destination? opens that customer's conversation
 * (the queue tab when a destination is given), app/chat/phone/:phone? and app/chat/email/:email? search for the
 * contact and open the first match, app/v2/chat and app-v2/* the plain inbox.
 */
export function ChatPage() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useChatMe();
  const tabs = useMemo(() => visibleTabs(me.access), [me.access]);
  const lookup = params.phone ?? params.email ?? '';
  const [tab, setTab] = useState<ConversationTab>(
    params.queue_destination ? 'queue' : lookup && tabs.includes('all') ? 'all' : 'mine',
  );
  const { text, setText, search } = useDebouncedSearch(lookup);
  const [filters, setFilters] = useState<ListFilterValues>({});
  const [migrating, setMigrating] = useState(false);
  const selectedId = searchParams.get(SELECTED_PARAM) ?? undefined;
  const select = (id: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(SELECTED_PARAM, id);
        return next;
      },
      { replace: false },
    );
  useEffect(() => {
    if (!tabs.includes(tab)) setTab('mine');
  }, [tabs, tab]);

  const notifications = useChatNotifications();
  // The company turns the new-call sound on; each employee may still silence alerts for themself.
  const audio = useNotificationAudio();
  useChatLive(me.employeeId, selectedId, notifications.newCallSound && audio);
  const queueCount = useQueueCount(me.companyId, me.employeeId, filters.wallet);
  const reallocatedCount = useReallocatedCount(me.companyId, me.employeeId);
  const unread = useUnreadTotal(me.companyId, me.employeeId);
  const conversation = useConversation(selectedId);
  const permissions = me.access?.company.permissions ?? {};
  const role = me.access?.role;

  if (!me.employee || !me.employeeId || !me.companyId) return <Spin style={{ margin: 48 }} />;

  const backToList = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(SELECTED_PARAM);
      return next;
    });

  return (
    <ChatPanes
      selectedId={selectedId}
      onBackToList={backToList}
      list={
        <ConversationList
          tabs={tabs}
          tab={tab}
          onTab={setTab}
          searchText={text}
          onSearchText={setText}
          search={search}
          filters={filters}
          onFilters={setFilters}
          queueCount={queueCount.data}
          reallocatedCount={reallocatedCount.data}
          unreadTotal={unread.data}
          selectedId={selectedId}
          onSelect={select}
          timeZone={me.timeZone}
          autoOpen={
            params.customer_id ? { customerId: params.customer_id } : lookup ? { first: true } : undefined
          }
        />
      }
      conversation={
        !selectedId ? (
          <Empty description={ptBR.chat.noneSelected} style={{ marginTop: 96 }} />
        ) : conversation.isPending ? (
          <Spin style={{ display: 'block', margin: 96 }} />
        ) : conversation.isError ? (
          <Alert type="error" showIcon style={{ margin: 16 }} title={ptBR.chat.conversationFailed} />
        ) : (
          <ConversationView
            key={conversation.data._id}
            conversation={conversation.data}
            timeZone={me.timeZone}
            viewer={{
              employeeId: me.employeeId,
              canTransfer: role !== 'operator' || permissions.allow_operator_transfer_call === true,
              canListEmployees: role === 'admin',
            }}
            onChanged={(changed) =>
              setTab((current) => tabFollowing(changed, current, tabs, me.employeeId ?? ''))
            }
          />
        )
      }
      details={
        conversation.data && (
          <>
            <SidePanel
              conversation={conversation.data}
              timeZone={me.timeZone}
              canMigrate={conversation.data.customer.channel !== 'whatsapp'}
              onMigrate={() => setMigrating(true)}
              onOpen={select}
            />
            <MigrateModal
              open={migrating}
              customer={conversation.data.customer}
              integrations={whatsappIntegrationOptions(me.employee.company)}
              employeeId={me.employeeId}
              companyId={me.companyId}
              onClose={() => setMigrating(false)}
            />
          </>
        )
      }
    />
  );
}
