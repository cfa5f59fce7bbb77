import type { FaqArticleView, FaqStatus } from '@atende/shared/contracts/faq/views';
import { faqCategoryBody } from '@atende/shared/contracts/faq/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, List, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { faqApi, faqKeys } from '../api/faq-api.ts';
import { useFaqCategories } from '../hooks/use-faq.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.faq;

function Categories() {
  const categories = useFaqCategories();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: faqKeys.categories });
  const create = useMutation({
    mutationFn: (name: string) => faqApi.createCategory(name),
    onSuccess: () => {
      form.resetFields();
      refresh();
    },
    onError: (error) => form.setFields([{ name: 'name', errors: [error.message] }]),
  });
  const remove = useMutation({
    mutationFn: faqApi.deleteCategory,
    onSuccess: refresh,
    onError: (error) => void message.error(error.message),
  });
  return (
    <Card title={labels.categories} size="small">
      <Form form={form} layout="inline" onFinish={(values) => create.mutate(values.name)}>
        <Form.Item
          name="name"
          rules={[
            {
              validator: async (_, value: unknown) => {
                const r = faqCategoryBody.shape.name.safeParse(value ?? '');
                if (!r.success) throw new Error(r.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input placeholder={labels.categoryName} maxLength={60} />
        </Form.Item>
        <Button htmlType="submit" loading={create.isPending}>
          {labels.newCategory}
        </Button>
      </Form>
      {categories.isError && <Alert type="error" title={labels.loadError} />}
      <List
        loading={categories.isPending}
        dataSource={categories.data ?? []}
        renderItem={(category) => (
          <List.Item
            actions={[
              <Button key="delete" type="link" danger onClick={() => remove.mutate(category._id)}>
                {labels.remove}
              </Button>,
            ]}
          >
            {category.name}
          </List.Item>
        )}
      />
    </Card>
  );
}

/** app/faq/manager (FAQ admins and managers): review every article, publish, archive; categories. */
export function FaqManagerPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const articles = useQuery({
    queryKey: faqKeys.drafts,
    queryFn: faqApi.drafts,
    select: (answer) => answer.items,
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const change = useMutation({
    mutationFn: ({ id, status }: { id: string; status: FaqStatus }) => faqApi.setStatus(id, status),
    onSuccess: (_, { status }) => {
      void queryClient.invalidateQueries({ queryKey: faqKeys.all });
      void message.success(
        status === 'published' ? labels.published : status === 'archived' ? labels.archived : labels.saved,
        LIMITS.toastDurationMs / 1000,
      );
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          {
            key: 'create',
            label: labels.newArticle,
            primary: true,
            onClick: () => navigate('/app/faq/create'),
          },
        ]}
      />
      <Flex vertical gap={16}>
        {articles.isError && <Alert type="error" title={labels.loadError} />}
        <ResponsiveTable<FaqArticleView>
          rowKey="_id"
          loading={articles.isPending}
          dataSource={articles.data ?? []}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: labels.title, key: 'title', render: (_, article) => article.draft.title },
            {
              title: labels.statusTitle,
              key: 'status',
              render: (_, article) => (
                <Space>
                  <Tag>{labels.status[article.status]}</Tag>
                  {article.status === 'published' && article.has_unpublished_changes && (
                    <Tag color="orange">{labels.unpublishedChanges}</Tag>
                  )}
                </Space>
              ),
            },
            { title: labels.author, key: 'author', render: (_, article) => article.author.name },
            {
              title: labels.updatedAt,
              key: 'updated',
              render: (_, article) => inCompanyZone(article.updated_at).format('DD/MM/YYYY HH:mm'),
            },
            {
              title: '',
              key: 'actions',
              render: (_, article) => (
                <Space>
                  <Button size="small" onClick={() => navigate(`/app/faq/create?id=${article._id}`)}>
                    {labels.edit}
                  </Button>
                  {(article.status !== 'published' || article.has_unpublished_changes) && (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => change.mutate({ id: article._id, status: 'published' })}
                    >
                      {labels.publish}
                    </Button>
                  )}
                  {article.status !== 'archived' && (
                    <Button
                      size="small"
                      onClick={() => change.mutate({ id: article._id, status: 'archived' })}
                    >
                      {labels.archive}
                    </Button>
                  )}
                  {article.status === 'archived' && (
                    <Button size="small" onClick={() => change.mutate({ id: article._id, status: 'draft' })}>
                      {labels.backToDraft}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
        <Categories />
      </Flex>
    </>
  );
}
