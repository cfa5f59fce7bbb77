import { csvAudiencePtBR } from '@atende/shared/i18n/csv-audience';
import {
  type AudienceListView,
  CSV_AUDIENCE_MAX_BYTES,
  type CsvAudienceSummary,
} from '@atende/shared/contracts/campaigns/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Flex, Form, Input, Modal, Select, Spin, Typography, Upload } from 'antd';
import Papa from 'papaparse';
import { useState } from 'react';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import type { CsvAudienceInput } from '../api/campaigns-api.ts';

const t = csvAudiencePtBR;
const required = ptBR.forms.requiredField;

interface Values {
  name: string;
  phone_column: string;
  name_column?: string;
  variable_columns?: string[];
}

/** The file as base64 for the JSON body (chunked: a spread of a large array overflows the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The header row, read in the browser so the columns can be chosen before the upload. */
async function headersOf(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const parsed = Papa.parse<string[]>(head, { preview: 1, skipEmptyLines: true });
  return (parsed.data[0] ?? []).map((cell) => cell.trim()).filter(Boolean);
}

function ErrorRows({ summary }: { summary: CsvAudienceSummary }) {
  return (
    <Flex vertical gap={8} data-testid="csv-audience-result">
      <Alert
        type={summary.errors ? 'warning' : 'success'}
        showIcon
        title={interpolate(t.result, {
          accepted: summary.accepted,
          rows: summary.rows,
          created: summary.created_contacts,
        })}
      />
      {summary.error_rows.length > 0 && (
        <>
          <Typography.Text strong>{t.errorsTitle}</Typography.Text>
          <ResponsiveTable<CsvAudienceSummary['error_rows'][number]>
            rowKey="row"
            size="small"
            dataSource={summary.error_rows}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t.row, dataIndex: 'row' },
              { title: t.phone, dataIndex: 'phone' },
              { title: t.reason, dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

/** A saved audience from a CSV: pick the file, its phone (and optional name and variable) columns, import. */
export function CsvAudienceModal({
  open,
  onClose,
  submit,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  submit: (body: CsvAudienceInput) => Promise<AudienceListView>;
  pending: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File>();
  const [headers, setHeaders] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [result, setResult] = useState<CsvAudienceSummary>();

  const close = () => {
    form.resetFields();
    setFile(undefined);
    setHeaders([]);
    setFileError(undefined);
    setResult(undefined);
    onClose();
  };
  const pick = async (picked: File) => {
    setResult(undefined);
    setFile(undefined);
    setHeaders([]);
    if (picked.size > CSV_AUDIENCE_MAX_BYTES) return setFileError(t.tooLarge);
    const columns = await headersOf(picked).catch(() => []);
    if (columns.length === 0) return setFileError(t.unreadable);
    setFileError(undefined);
    setFile(picked);
    setHeaders(columns);
    form.setFieldsValue({
      phone_column: columns.find((column) => /telefone|celular|phone|whats/i.test(column)),
    });
  };
  const save = async (values: Values) => {
    if (!file) return setFileError(t.fileRequired);
    try {
      const list = await submit({
        name: values.name,
        file_name: file.name,
        content_base64: await base64Of(file),
        phone_column: values.phone_column,
        ...(values.name_column ? { name_column: values.name_column } : {}),
        variable_columns: values.variable_columns ?? [],
      });
      if (list.csv) setResult(list.csv);
    } catch (error) {
      setFileError(error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed);
    }
  };
  const options = headers.map((header) => ({ value: header, label: header }));
  return (
    <Modal
      open={open}
      title={t.title}
      onCancel={close}
      onOk={() => (result ? close() : form.submit())}
      okText={result ? t.close : t.submit}
      okButtonProps={{ 'data-testid': 'csv-audience-submit' }}
      confirmLoading={pending}
      width={640}
    >
      {result ? (
        <ErrorRows summary={result} />
      ) : (
        <Spin spinning={pending} tip={t.processing}>
          <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
            <Form.Item
              name="name"
              label={ptBR.campaigns.audienceLists.name}
              rules={[{ required: true, whitespace: true, message: required }]}
            >
              <Input maxLength={120} data-testid="csv-audience-name" />
            </Form.Item>
            <Form.Item
              label={t.file}
              extra={file?.name ?? t.fileHint}
              validateStatus={fileError ? 'error' : undefined}
              help={fileError}
            >
              <Upload
                accept=".csv,text/csv"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(picked) => {
                  void pick(picked);
                  return false;
                }}
              >
                <Button data-testid="csv-audience-file">{t.pickFile}</Button>
              </Upload>
            </Form.Item>
            <Form.Item
              name="phone_column"
              label={t.phoneColumn}
              rules={[{ required: true, message: t.columnRequired }]}
            >
              <Select options={options} disabled={!file} data-testid="csv-audience-phone" />
            </Form.Item>
            <Form.Item name="name_column" label={t.nameColumn}>
              <Select allowClear options={options} disabled={!file} />
            </Form.Item>
            <Form.Item name="variable_columns" label={t.variableColumns}>
              <Select mode="multiple" options={options} disabled={!file} maxCount={10} />
            </Form.Item>
          </Form>
        </Spin>
      )}
    </Modal>
  );
}
