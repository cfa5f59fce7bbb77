import { ptBR } from '@atende/shared/i18n/pt-BR';
import { CommentOutlined, TagOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Spin, Timeline, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { displayPhone } from '../forms/phone-mask.ts';
import { useContact, useTags } from '../hooks/use-contacts.ts';
import { useTimeline } from '../hooks/use-timeline.ts';
import { describeTimelineEntry } from '../state/timeline-text.ts';
import { ContactPicker } from './contact-picker.tsx';

const labels = ptBR.contactsScreens.timeline;
const common = ptBR.contactsScreens.common;

const ICONS = { created: <UserAddOutlined />, tag: <TagOutlined />, conversation: <CommentOutlined /> };

/** app/timeline/:customer_selected?: everything that happened with one contact, oldest first. */
export function TimelinePage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { customer_selected: customerId } = useParams();
  const navigate = useNavigate();
  const contact = useContact(customerId);
  const timeline = useTimeline(customerId);
  const tags = useTags();
  const tagMap = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag._id, tag])), [tags.data]);
  const failure = contact.error ?? timeline.error;

  return (
    <div data-testid="timeline-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <ContactPicker
          placeholder={labels.searchContact}
          value={customerId}
          onChange={(next) => navigate(typeof next === 'string' ? `/app/timeline/${next}` : '/app/timeline')}
          testId="timeline-contact-picker"
          known={contact.data ? [contact.data] : []}
        />
        {!customerId && <Empty description={labels.pickContact} />}
        {customerId && failure && (
          <Alert
            type="error"
            showIcon
            title={failure instanceof ApiRequestError ? failure.message : common.loadFailed}
            data-testid="timeline-error"
          />
        )}
        {customerId && (contact.isLoading || timeline.isLoading) && <Spin />}
        {contact.data && (
          <Card size="small" data-testid="timeline-contact">
            <Flex justify="space-between" align="center">
              <Flex vertical>
                <Typography.Text strong>{contact.data.full_name}</Typography.Text>
                <Typography.Text type="secondary">
                  {contact.data.cel_phone ? displayPhone(contact.data.cel_phone) : (contact.data.email ?? '')}
                </Typography.Text>
              </Flex>
              <Link to={`/app/chat/${contact.data._id}`}>
                <Button icon={<CommentOutlined />}>{labels.openChat}</Button>
              </Link>
            </Flex>
          </Card>
        )}
        {timeline.data &&
          (timeline.data.length === 0 ? (
            <Empty description={labels.empty} />
          ) : (
            <Timeline
              data-testid="timeline-entries"
              items={timeline.data.map((entry, index) => ({
                key: `${entry.kind}-${entry.at}-${index}`,
                icon: ICONS[entry.kind],
                title: inCompanyZone(entry.at).format('DD/MM/YYYY HH:mm:ss'),
                content: (
                  <span data-testid={`timeline-entry-${entry.kind}`}>
                    {describeTimelineEntry(entry, tagMap)}
                  </span>
                ),
              }))}
            />
          ))}
      </Flex>
    </div>
  );
}
