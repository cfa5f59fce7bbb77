import { EditOutlined, PaperClipOutlined } from '@ant-design/icons';
import { TMAIL_BOXES, type TmailBox, type TmailSummary } from '@atende/shared/contracts/tmail/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Badge, Button, Empty, Flex, List, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { useTmailBox } from '../hooks/use-tmail.ts';
import { TmailCompose } from './tmail-compose.tsx';
import { TmailReader } from './tmail-reader.tsx';

const labels = ptBR.tmail;

function BoxList({ box, onOpen }: { box: TmailBox; onOpen: (mail: TmailSummary) => void }) {
  const query = useTmailBox(box);
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" title={labels.loadError} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Empty description={labels.empty} />;
  return (
    <List
      dataSource={items}
      data-testid={`tmail-list-${box}`}
      loadMore={
        query.hasNextPage && (
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {labels.loadMore}
            </Button>
          </Flex>
        )
      }
      renderItem={(mail) => (
        <List.Item
          onClick={() => onOpen(mail)}
          style={{ cursor: 'pointer' }}
          data-testid="tmail-item"
          data-read={mail.read}
          extra={inCompanyZone(mail.created_at).format('DD/MM/YYYY HH:mm')}
        >
          <List.Item.Meta
            title={
              <Flex gap={8} align="center">
                {!mail.read && <Badge status="processing" />}
                <Typography.Text strong={!mail.read}>{mail.subject}</Typography.Text>
                {mail.attachments_count > 0 && <PaperClipOutlined />}
              </Flex>
            }
            description={`${
              box === 'sent'
                ? `${labels.to}: ${[...mail.to, ...mail.departments].map((p) => p.name).join(', ')}`
                : `${labels.from}: ${mail.from.name}`
            } — ${mail.snippet}`}
          />
        </List.Item>
      )}
    />
  );
}

/** app/t-mail (all roles): internal mail between the company's employees. */
export function TMailPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const [box, setBox] = useState<TmailBox>('inbox');
  const [open, setOpen] = useState<string | undefined>();
  const [composing, setComposing] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          {
            key: 'compose',
            label: labels.compose,
            icon: <EditOutlined />,
            primary: true,
            onClick: () => setComposing(true),
          },
        ]}
      />
      <Tabs
        activeKey={box}
        onChange={(key) => setBox(key as TmailBox)}
        items={TMAIL_BOXES.map((key) => ({
          key,
          label: labels[key],
          children: <BoxList box={key} onOpen={(mail) => setOpen(mail._id)} />,
        }))}
      />
      <TmailReader id={open} received={box !== 'sent'} onClose={() => setOpen(undefined)} />
      <TmailCompose open={composing} onClose={() => setComposing(false)} />
    </>
  );
}
