import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Descriptions, Divider, Empty, Flex, List, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useCustomerHistory } from '../hooks/use-conversations.ts';
import { useDepartmentOptions } from '../hooks/use-side-data.ts';
import { CustomerDeals } from './customer-deals.tsx';

const labels = ptBR.chat.panel;

const dateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

interface SidePanelProps {
  conversation: ConversationView;
  timeZone: string;
  canMigrate: boolean;
  onMigrate: () => void;
  onOpen: (id: string) => void;
}

/** The customer as the API returns them (phone and e-mail already masked for this viewer) and their history. */
export function SidePanel({ conversation, timeZone, canMigrate, onMigrate, onOpen }: SidePanelProps) {
  const departments = useDepartmentOptions();
  const history = useCustomerHistory(conversation);
  const department = conversation.department
    ? (departments.data?.find((option) => option.value === conversation.department)?.label ?? '')
    : ptBR.chat.generalQueue;
  const { customer } = conversation;
  return (
    <Flex vertical style={{ height: '100%', overflowY: 'auto', padding: 12 }} data-testid="side-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {labels.details}
      </Typography.Title>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={labels.name}>
          {customer.full_name || ptBR.chat.unknownCustomer}
        </Descriptions.Item>
        {customer.cel_phone && (
          <Descriptions.Item label={labels.phone}>
            <span data-testid="customer-phone">{customer.cel_phone}</span>
          </Descriptions.Item>
        )}
        {customer.email && (
          <Descriptions.Item label={labels.email}>
            <span data-testid="customer-email">{customer.email}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={labels.protocol}>{conversation.protocol}</Descriptions.Item>
        <Descriptions.Item label={labels.channel}>
          {ptBR.chat.channels[conversation.channel]}
        </Descriptions.Item>
        <Descriptions.Item label={labels.status}>{ptBR.chat.statuses[conversation.status]}</Descriptions.Item>
        <Descriptions.Item label={labels.department}>{department}</Descriptions.Item>
        {conversation.employee && (
          <Descriptions.Item label={labels.employee}>{conversation.employee.name}</Descriptions.Item>
        )}
        {conversation.tabulation && (
          <Descriptions.Item label={labels.category}>
            <Tag>{conversation.tabulation.label}</Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
      {canMigrate && (
        <Button
          type="link"
          style={{ paddingInline: 0, alignSelf: 'flex-start' }}
          onClick={onMigrate}
          data-testid="migrate-link"
        >
          {ptBR.migration.link}
        </Button>
      )}
      <Link to={`/app/chat/transcript/${conversation._id}`} target="_blank" data-testid="transcript-link">
        {ptBR.chat.actions.transcript}
      </Link>
      <Divider style={{ margin: '12px 0' }} />
      <CustomerDeals conversation={conversation} />
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {labels.history}
      </Typography.Title>
      {history.isPending && history.fetchStatus !== 'idle' ? (
        <Spin size="small" />
      ) : (history.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={labels.noHistory} />
      ) : (
        <List
          size="small"
          data-testid="customer-history"
          dataSource={history.data ?? []}
          renderItem={(item) => (
            <List.Item onClick={() => onOpen(item._id)} style={{ cursor: 'pointer' }}>
              <Flex vertical>
                <Typography.Text>{item.protocol}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dateTime(item.created_at, timeZone)} · {ptBR.chat.statuses[item.status]}
                  {item.tabulation ? ` · ${item.tabulation.label}` : ''}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
