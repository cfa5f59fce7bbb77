import { PaperClipOutlined } from '@ant-design/icons';
import { faqArticleBody, type FaqArticleView } from '@atende/shared/contracts/faq/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Progress, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { type FaqArticleInput, faqApi, faqKeys } from '../api/faq-api.ts';
import { useFaqCategories } from '../hooks/use-faq.ts';
import { RichTextEditor } from './rich-text.tsx';

const labels = ptBR.faq;
type Attachment = NonNullable<FaqArticleInput['attachments']>[number];
interface Values {
  title: string;
  body: string;
  category?: string | null;
}

const rule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? ptBR.forms.requiredField);
  },
});

function Editor({ existing }: { existing: FaqArticleView | undefined }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useFaqCategories();
  const [attachments, setAttachments] = useState<Attachment[]>(existing?.draft.attachments ?? []);
  const [progress, setProgress] = useState<number | undefined>();
  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: Values; publish: boolean }) => {
      const input = { ...values, category: values.category ?? null, attachments };
      const saved = existing ? await faqApi.update(existing._id, input) : await faqApi.create(input);
      return publish ? faqApi.setStatus(saved._id, 'published') : saved;
    },
    onSuccess: (article, { publish }) => {
      void queryClient.invalidateQueries({ queryKey: faqKeys.all });
      void message.success(publish ? labels.published : labels.saved, LIMITS.toastDurationMs / 1000);
      navigate(publish ? '/app/faq' : `/app/faq/create?id=${article._id}`, { replace: true });
    },
    onError: (error) => {
      const field =
        error instanceof ApiRequestError ? (error.data as { field?: string } | undefined)?.field : undefined;
      if (field === 'title' || field === 'body' || field === 'category')
        form.setFields([{ name: field, errors: [error.message] }]);
      else void message.error(error.message);
    },
  });
  const attach = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.onchange = async () => {
      const file = input.files?.[0];
      if (!file) return;
      setProgress(0);
      try {
        const uploaded = await faqApi.upload(file, setProgress);
        setAttachments((current) => [...current, uploaded]);
      } catch (error) {
        void message.error(error instanceof Error ? error.message : ptBR.tmail.uploadError);
      } finally {
        setProgress(undefined);
      }
    };
    input.click();
  };
  const submit = (publish: boolean) =>
    void form.validateFields().then((values) => save.mutate({ values, publish }));
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 860 }}
      initialValues={
        existing
          ? { title: existing.draft.title, body: existing.draft.body, category: existing.draft.category }
          : { title: '', body: '' }
      }
    >
      {existing && <Tag>{labels.status[existing.status]}</Tag>}
      <Form.Item name="title" label={labels.title} required rules={[rule(faqArticleBody.shape.title)]}>
        <Input maxLength={200} data-testid="faq-title" />
      </Form.Item>
      <Form.Item name="category" label={labels.category}>
        <Select
          allowClear
          options={(categories.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
        />
      </Form.Item>
      <Form.Item name="body" label={labels.body} required rules={[rule(faqArticleBody.shape.body)]}>
        <RichTextEditor testId="faq-body" />
      </Form.Item>
      <Flex vertical gap={8} style={{ marginBottom: 16 }}>
        <Button
          icon={<PaperClipOutlined />}
          onClick={attach}
          disabled={progress !== undefined}
          style={{ alignSelf: 'start' }}
        >
          {labels.attach}
        </Button>
        {progress !== undefined && <Progress percent={progress} size="small" />}
        {attachments.map((attachment) => (
          <Typography.Text key={attachment.upload_id}>{attachment.file_name}</Typography.Text>
        ))}
      </Flex>
      <Flex gap={8}>
        <Button onClick={() => submit(false)} loading={save.isPending} data-testid="faq-save-draft">
          {labels.saveDraft}
        </Button>
        <Button
          type="primary"
          onClick={() => submit(true)}
          loading={save.isPending}
          data-testid="faq-publish"
        >
          {labels.publish}
        </Button>
      </Flex>
    </Form>
  );
}

/** app/faq/create (FAQ admins, managers, creators): a new article, or the draft named by ?id=. */
export function FaqEditorPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const existing = useQuery({
    queryKey: faqKeys.draft(id ?? ''),
    queryFn: () => faqApi.draft(id ?? ''),
    enabled: Boolean(id),
  });
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {id && existing.isPending && <Skeleton active />}
      {id && existing.isError && <Alert type="error" title={existing.error.message} />}
      {(!id || existing.data) && <Editor key={id ?? 'new'} existing={existing.data} />}
    </>
  );
}
