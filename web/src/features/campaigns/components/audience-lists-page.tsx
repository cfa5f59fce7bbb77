import { csvAudiencePtBR } from '@atende/shared/i18n/csv-audience';
import { interpolate } from '@atende/shared/i18n/interpolate';
import type { AudienceListView } from '@atende/shared/contracts/campaigns/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useAudienceLists, useChoices } from '../hooks/use-campaigns.ts';
import { CsvAudienceModal } from './csv-audience-modal.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.campaigns;
const common = ptBR.contactsScreens.common;

interface ListForm {
  name: string;
  tags?: string[];
  smart_tag?: string;
  wallet?: string;
}

/** app/broadcast/audience-lists: saved audiences (tags, smart tag, wallet) a campaign can target by name. */
export function AudienceListsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { lists, create, remove, importCsv } = useAudienceLists();
  const [csvOpen, setCsvOpen] = useState(false);
  const choices = useChoices();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ListForm>();
  const names = new Map(
    [...(choices.data?.tags ?? []), ...(choices.data?.smartTags ?? []), ...(choices.data?.wallets ?? [])].map(
      (item) => [item._id, item.name],
    ),
  );
  const describe = (list: AudienceListView) =>
    list.csv
      ? interpolate(csvAudiencePtBR.source, { file: list.csv.file_name, accepted: list.csv.accepted })
      : [...(list.audience.tags ?? []), list.audience.smart_tag, list.audience.wallet]
          .flatMap((id) => (id ? [names.get(id) ?? id] : []))
          .join(', ');
  const save = async (values: ListForm) => {
    const audience = {
      ...(values.tags?.length ? { tags: values.tags } : {}),
      ...(values.smart_tag ? { smart_tag: values.smart_tag } : {}),
      ...(values.wallet ? { wallet: values.wallet } : {}),
    };
    if (Object.keys(audience).length === 0) {
      form.setFields([{ name: 'tags', errors: [t.audienceRequired] }]);
      return;
    }
    try {
      await create.mutateAsync({ name: values.name, audience });
      void message.success(t.audienceLists.saved);
      setOpen(false);
      form.resetFields();
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : common.saveFailed);
    }
  };
  const options = (items: readonly { _id: string; name: string }[] = []) =>
    items.map((item) => ({ value: item._id, label: item.name }));
  return (
    <div data-testid="audience-lists-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex justify="end" gap={8} wrap style={{ marginBlock: 16 }}>
        <Button onClick={() => setCsvOpen(true)} data-testid="csv-audience-open">
          {csvAudiencePtBR.open}
        </Button>
        <Button type="primary" onClick={() => setOpen(true)}>
          {t.audienceLists.create}
        </Button>
      </Flex>
      <CsvAudienceModal
        open={csvOpen}
        onClose={() => setCsvOpen(false)}
        submit={(body) => importCsv.mutateAsync(body)}
        pending={importCsv.isPending}
      />
      {lists.isError ? (
        <Alert type="error" showIcon message={common.loadFailed} />
      ) : (
        <ResponsiveTable<AudienceListView>
          rowKey="_id"
          loading={lists.isLoading}
          dataSource={lists.data ?? []}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: <Empty description={t.audienceLists.empty} /> }}
          columns={[
            { title: t.audienceLists.name, dataIndex: 'name' },
            { title: t.fields.audience, key: 'audience', render: (_, list) => describe(list) },
            {
              title: common.actions,
              key: 'actions',
              render: (_, list) => (
                <Button danger size="small" onClick={() => void remove.mutateAsync(list._id)}>
                  {common.delete}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={open}
        title={t.audienceLists.create}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
      >
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item
            name="name"
            label={t.audienceLists.name}
            rules={[{ required: true, whitespace: true, message: ptBR.forms.requiredField }]}
          >
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="tags" label={t.fields.tags}>
            <Select mode="multiple" optionFilterProp="label" options={options(choices.data?.tags)} />
          </Form.Item>
          <Form.Item name="smart_tag" label={t.fields.smartTag}>
            <Select allowClear options={options(choices.data?.smartTags)} />
          </Form.Item>
          <Form.Item name="wallet" label={t.fields.wallet}>
            <Select allowClear options={options(choices.data?.wallets)} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
