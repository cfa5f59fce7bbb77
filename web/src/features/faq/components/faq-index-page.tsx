import type { FaqPublishedView } from '@atende/shared/contracts/faq/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Flex, Input, List, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { useDebouncedSearch } from '../../../lib/search/use-debounced-search.ts';
import { faqApi, faqKeys } from '../api/faq-api.ts';
import { useFaqCategories, useFaqSetup } from '../hooks/use-faq.ts';
import { RichTextView } from './rich-text.tsx';

const labels = ptBR.faq;

function ArticleDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const article = useQuery({
    queryKey: faqKeys.article(id ?? ''),
    queryFn: () => faqApi.read(id ?? ''),
    enabled: Boolean(id),
  });
  const vote = useMutation({
    mutationFn: (helpful: boolean) => faqApi.vote(id ?? '', helpful),
    onSuccess: (answer) => {
      queryClient.setQueryData(faqKeys.article(answer._id), answer);
      void message.success(labels.voted, LIMITS.toastDurationMs / 1000);
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={640}
      title={article.data?.title}
      data-testid="faq-article"
    >
      {article.isPending && <Skeleton active />}
      {article.isError && <Alert type="error" title={article.error.message} />}
      {article.data && (
        <Flex vertical gap={16}>
          <RichTextView html={article.data.body} testId="faq-article-body" />
          {article.data.attachments.map((attachment) => (
            <a key={attachment.upload_id} href={attachment.url} target="_blank" rel="noreferrer">
              {attachment.file_name}
            </a>
          ))}
          <Flex gap={8} align="center">
            <Typography.Text>{labels.helpfulQuestion}</Typography.Text>
            <Button onClick={() => vote.mutate(true)} loading={vote.isPending}>
              {labels.yes}
            </Button>
            <Button onClick={() => vote.mutate(false)} loading={vote.isPending}>
              {labels.no}
            </Button>
          </Flex>
        </Flex>
      )}
    </Drawer>
  );
}

function ArticleList({
  search,
  category,
  onOpen,
}: {
  search: string;
  category: string | undefined;
  onOpen: (article: FaqPublishedView) => void;
}) {
  const query = useInfiniteQuery({
    queryKey: faqKeys.search(search, category),
    queryFn: ({ pageParam }) => faqApi.search(search, category, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" title={labels.loadError} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <Empty description={search ? labels.noResults : labels.noArticles} data-testid="faq-empty" />;
  return (
    <List
      dataSource={items}
      loadMore={
        query.hasNextPage && <Button onClick={() => void query.fetchNextPage()}>{ptBR.tmail.loadMore}</Button>
      }
      renderItem={(article) => (
        <List.Item
          onClick={() => onOpen(article)}
          style={{ cursor: 'pointer' }}
          data-testid="faq-result"
          extra={inCompanyZone(article.published_at).format('DD/MM/YYYY')}
        >
          <List.Item.Meta title={article.title} />
        </List.Item>
      )}
    />
  );
}

/** app/faq: published articles, searched without accents, for everyone in a company with the FAQ module. */
export function FaqIndexPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const setup = useFaqSetup();
  const categories = useFaqCategories();
  const navigate = useNavigate();
  const { text, setText, search } = useDebouncedSearch();
  const [category, setCategory] = useState<string | undefined>();
  const [open, setOpen] = useState<string | undefined>();
  const role = setup.data?.role ?? null;
  const manages = role === 'admin' || role === 'manager';
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          {
            key: 'init',
            label: labels.setUp,
            hidden: role !== 'admin' || setup.data?.configured !== false,
            onClick: () => navigate('/app/faq/init'),
          },
          {
            key: 'create',
            label: labels.newArticle,
            primary: true,
            hidden: !role,
            onClick: () => navigate('/app/faq/create'),
          },
          {
            key: 'manager',
            label: labels.manage,
            hidden: !manages,
            onClick: () => navigate('/app/faq/manager'),
          },
          {
            key: 'reports',
            label: labels.reports,
            hidden: !manages,
            onClick: () => navigate('/app/faq/reports'),
          },
          {
            key: 'config',
            label: labels.settings,
            hidden: role !== 'admin',
            onClick: () => navigate('/app/faq/config'),
          },
        ]}
      />
      <Flex gap={8} style={{ marginBottom: 16 }} wrap>
        <Input.Search
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-label={labels.searchPlaceholder}
          placeholder={labels.searchPlaceholder}
          allowClear
          style={{ maxWidth: 420 }}
          data-testid="faq-search"
        />
        <Select
          allowClear
          aria-label={labels.allCategories}
          placeholder={labels.allCategories}
          style={{ minWidth: 220 }}
          value={category}
          onChange={setCategory}
          options={(categories.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
        />
      </Flex>
      <ArticleList search={search} category={category} onOpen={(article) => setOpen(article._id)} />
      <ArticleDrawer id={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
