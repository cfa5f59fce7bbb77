import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Card, Flex } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useSmartTagMembers } from '../hooks/use-smart-tags.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.smartTags.screens;
const contactLabels = ptBR.contactsScreens.contacts;
const common = ptBR.contactsScreens.common;

/** The smart tag's contacts, page by page; reloaded whenever a run finishes or the count moves. */
export function MembersList({ tag }: { tag: SmartTagView }) {
  const members = useSmartTagMembers(tag._id, `${tag.status}:${tag.members_count}`);
  const contacts = members.data?.pages.flatMap((page) => page.contacts) ?? [];
  return (
    <Card title={labels.membersTitle} data-testid="smart-tag-members">
      {members.isError ? (
        <Alert
          type="error"
          showIcon
          title={members.error instanceof ApiRequestError ? members.error.message : common.loadFailed}
          action={<Button onClick={() => void members.refetch()}>{common.retry}</Button>}
        />
      ) : (
        <Flex vertical gap={8}>
          <ResponsiveTable<ContactView>
            rowKey="_id"
            size="small"
            loading={members.isLoading}
            dataSource={contacts}
            pagination={false}
            locale={{ emptyText: labels.noMembers }}
            onRow={() => ({ 'data-testid': 'smart-tag-member' }) as object}
            columns={[
              { title: contactLabels.fullName, dataIndex: 'full_name' },
              {
                title: contactLabels.phone,
                dataIndex: 'cel_phone',
                render: (value?: string) => value ?? '—',
              },
              { title: contactLabels.email, dataIndex: 'email', render: (value?: string) => value ?? '—' },
              {
                title: contactLabels.channel,
                dataIndex: 'channel',
                render: (channel: ContactView['channel']) => ptBR.channelBadge[channel],
              },
            ]}
          />
          {members.hasNextPage && (
            <Button onClick={() => void members.fetchNextPage()} loading={members.isFetchingNextPage}>
              {common.loadMore}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}
