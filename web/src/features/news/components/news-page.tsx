import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Badge, Button, Empty, List, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useMarkNewsRead, useNews } from '../api/news-api.ts';

const labels = ptBR.news;

/** app/news (admin): product news with a date and the reader's read state. */
export function NewsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const news = useNews();
  const mark = useMarkNewsRead();
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {news.isPending && <Skeleton active />}
      {news.isError && <Alert type="error" title={labels.loadError} />}
      {news.data && news.data.length === 0 && <Empty description={labels.empty} />}
      {news.data && news.data.length > 0 && (
        <List
          dataSource={news.data}
          data-testid="news-list"
          renderItem={(item) => (
            <List.Item
              data-testid="news-item"
              data-read={item.read}
              extra={dayjs(item.date).format('DD/MM/YYYY')}
              actions={
                item.read
                  ? []
                  : [
                      <Button
                        key="read"
                        size="small"
                        onClick={() => mark.mutate([item.id])}
                        loading={mark.isPending}
                      >
                        {labels.markRead}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <>
                    {!item.read && (
                      <Badge status="processing" text={labels.unread} style={{ marginInlineEnd: 8 }} />
                    )}
                    <Typography.Text strong={!item.read}>{item.title}</Typography.Text>
                  </>
                }
                description={item.body}
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}
