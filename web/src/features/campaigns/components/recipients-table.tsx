import type { RecipientView } from '@atende/shared/contracts/campaigns/views';
import { RECIPIENT_STATUSES, type RecipientStatus } from '@atende/shared/contracts/campaigns/campaign-fields';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Empty, Flex, Select, Tag } from 'antd';
import { useState } from 'react';
import { useRecipients } from '../hooks/use-campaigns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.campaigns;
const common = ptBR.contactsScreens.common;

/** A campaign's recipients, paged from the API, filterable by status (the same rows the CSV carries). */
export function RecipientsTable({ campaignId }: { campaignId: string }) {
  const [status, setStatus] = useState<RecipientStatus>();
  const recipients = useRecipients(campaignId, status);
  const rows = recipients.data?.pages.flatMap((page) => page.recipients) ?? [];
  return (
    <Flex vertical gap={8} data-testid="campaign-recipients">
      <Select
        allowClear
        style={{ width: 220 }}
        placeholder={t.report.recipients}
        value={status}
        onChange={(value?: RecipientStatus) => setStatus(value)}
        options={RECIPIENT_STATUSES.map((value) => ({ value, label: t.recipientStatus[value] }))}
      />
      {recipients.isError ? (
        <Alert type="error" showIcon message={common.loadFailed} />
      ) : (
        <ResponsiveTable<RecipientView>
          rowKey="contact"
          size="small"
          loading={recipients.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description={common.empty} /> }}
          columns={[
            { title: t.fields.name, dataIndex: 'name' },
            { title: 'Telefone', dataIndex: 'phone' },
            {
              title: '',
              dataIndex: 'status',
              render: (value: RecipientStatus, row) => (
                <Tag data-testid="recipient-status">
                  {t.recipientStatus[value]}
                  {row.reason ? ` · ${t.exclusion[row.reason]}` : ''}
                  {row.error_code ? ` · ${row.error_code}` : ''}
                </Tag>
              ),
            },
          ]}
        />
      )}
      {recipients.hasNextPage && (
        <Button loading={recipients.isFetchingNextPage} onClick={() => void recipients.fetchNextPage()}>
          {common.loadMore}
        </Button>
      )}
    </Flex>
  );
}
