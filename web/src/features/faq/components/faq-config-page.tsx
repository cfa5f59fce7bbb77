import type { FaqModuleSetting } from '@atende/shared/domain/organization';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useDebouncedSearch } from '../../../lib/search/use-debounced-search.ts';
import { faqApi, faqKeys } from '../api/faq-api.ts';
import { useFaqSetup } from '../hooks/use-faq.ts';

const labels = ptBR.faq;
const LISTS = ['admins', 'managers', 'creators'] as const;

function PeopleSelect({
  value,
  onChange,
  testId,
  known,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  testId: string;
  known: Map<string, string>;
}) {
  const { text, setText, search } = useDebouncedSearch();
  const people = useQuery({ queryKey: faqKeys.people(search), queryFn: () => faqApi.people(search) });
  const options = new Map(known);
  for (const person of people.data?.people ?? []) options.set(person._id, person.name);
  return (
    <Select
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      searchValue={text}
      showSearch={{ filterOption: false, onSearch: setText }}
      options={[...options].map(([id, name]) => ({ value: id, label: name }))}
      notFoundContent={ptBR.forms.noOptions}
      data-testid={testId}
    />
  );
}

/** config and init: the FAQ admin picks the mode and, in team mode, who administers, manages and creates. */
export function FaqConfigPage({
  title,
  breadcrumb,
  initial = false,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  initial?: boolean;
}) {
  const setup = useFaqSetup();
  const [form] = Form.useForm<FaqModuleSetting>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [known] = useState(() => new Map<string, string>());
  const mode = Form.useWatch('mode', form);
  const save = useMutation({
    mutationFn: faqApi.saveConfig,
    onSuccess: (answer) => {
      queryClient.setQueryData(faqKeys.setup, answer);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      void message.success(labels.configSaved, LIMITS.toastDurationMs / 1000);
      if (initial) navigate('/app/faq');
    },
    onError: (error) => {
      const field =
        error instanceof ApiRequestError ? (error.data as { field?: string } | undefined)?.field : undefined;
      if (field && (LISTS as readonly string[]).includes(field))
        form.setFields([{ name: field as (typeof LISTS)[number], errors: [error.message] }]);
      else void message.error(error.message);
    },
  });
  if (setup.isPending) return <Skeleton active />;
  if (setup.isError) return <Alert type="error" title={labels.loadError} />;
  if (initial && setup.data.role !== 'admin') {
    return (
      <>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        <Alert type="info" title={labels.initNotAdmin} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {initial && (
        <>
          <Typography.Title level={4}>{labels.initTitle}</Typography.Title>
          <Typography.Paragraph>{labels.initText}</Typography.Paragraph>
        </>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={setup.data.setting}
        onFinish={(values) => save.mutate({ ...setup.data.setting, ...values })}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="mode" label={labels.mode}>
          <Radio.Group data-testid="faq-mode">
            <Radio value="normal" data-testid="faq-mode-normal">
              {labels.modes.normal}
            </Radio>
            <Radio value="team" data-testid="faq-mode-team">
              {labels.modes.team}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'team' &&
          LISTS.map((list) => (
            <Form.Item key={list} name={list} label={labels[list]}>
              <PeopleSelect testId={`faq-${list}`} known={known} />
            </Form.Item>
          ))}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="faq-config-save">
          {labels.save}
        </Button>
      </Form>
    </>
  );
}

export const FaqInitPage = (props: { title: string; breadcrumb: readonly BreadcrumbItem[] }) => (
  <FaqConfigPage {...props} initial />
);
