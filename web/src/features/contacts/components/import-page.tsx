import { plural } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Form, Progress, Select, Steps, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import type { ColumnsByField } from '../import/column-mapping.ts';
import { autoMapColumns, columnsByField, mappingProblem, toImportMapping } from '../import/column-mapping.ts';
import type { FilePreview } from '../import/read-file.ts';
import { importFormat, previewFile } from '../import/read-file.ts';
import { fitsUpload, uploadImportFile } from '../import/upload-file.ts';
import { useImportProgress, useStartImport } from '../hooks/use-contact-import.ts';
import { useCustomFields, useTags, useWallets } from '../hooks/use-contacts.ts';
import { useUnknownTags } from '../hooks/use-unknown-tags.ts';
import { ImportMapping } from './import-mapping.tsx';
import { ImportProgress } from './import-progress.tsx';

const labels = ptBR.contactsScreens.import;
/** The running import's id lives in the address, so a reload (or a crash of the tab) goes back to its progress. */
const IMPORT_PARAM = 'import';

interface Picked {
  file: File;
  preview: FilePreview;
}

/** app/contacts/import: pick a CSV or XLSX, map its columns, then follow the background import. */
export function ImportPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM) ?? undefined;
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked>();
  const [byField, setByField] = useState<ColumnsByField>({});
  const [wallet, setWallet] = useState<string>();
  const [tags, setTags] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const [uploaded, setUploaded] = useState<number>();
  const customFields = useCustomFields();
  const tagList = useTags();
  const wallets = useWallets();
  const start = useStartImport();
  const progress = useImportProgress(importId);
  const unknownTags = useUnknownTags(picked?.file, picked?.preview.format, byField.tags, tagList.data);
  const [createTags, setCreateTags] = useState(false);
  const customLabels = new Map((customFields.data ?? []).map((field) => [field.key, field.label]));

  const choose = async (file: File | undefined) => {
    setProblem(undefined);
    if (!file) return;
    const format = importFormat(file.name);
    if (!format) return setProblem(ptBR.upload.unsupportedType);
    try {
      const preview = await previewFile(file, format);
      if (preview.headers.every((header) => header === '')) return setProblem(labels.noHeaders);
      const fields = (customFields.data ?? []).map(({ key, label }) => ({ key, label }));
      setByField(columnsByField(preview.headers, autoMapColumns(preview.headers, fields)));
      setPicked({ file, preview });
    } catch {
      setProblem(labels.unreadable);
    }
  };

  const begin = async () => {
    if (!picked) return;
    if (mappingProblem(byField)) return setProblem(labels.noName);
    if (!fitsUpload(picked.file)) return setProblem(labels.tooLarge);
    setProblem(undefined);
    try {
      const upload = await uploadImportFile(picked.file, setUploaded);
      const { _id } = await start.mutateAsync({
        file_name: picked.file.name,
        format: picked.preview.format,
        upload,
        mapping: toImportMapping(byField),
        ...(wallet ? { wallet } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        ...(createTags && unknownTags.length > 0 ? { create_tags: unknownTags } : {}),
      });
      setParams({ [IMPORT_PARAM]: _id });
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : labels.unreadable);
    } finally {
      setUploaded(undefined);
    }
  };

  const reset = () => {
    setPicked(undefined);
    setByField({});
    setCreateTags(false);
    setProblem(undefined);
    setParams({});
    if (input.current) input.current.value = '';
  };

  const step = importId ? 2 : picked ? 1 : 0;

  return (
    <div data-testid="import-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Card style={{ marginTop: 16 }}>
        <Steps
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: labels.stepFile }, { title: labels.stepMapping }, { title: labels.stepProgress }]}
        />
        {problem && (
          <Alert
            type="error"
            showIcon
            title={problem}
            style={{ marginBottom: 16 }}
            data-testid="import-problem"
          />
        )}
        {step === 0 && (
          <Flex vertical gap={12} align="start">
            <Typography.Text>{labels.fileHint}</Typography.Text>
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              style={{ display: 'none' }}
              onChange={(event) => void choose(event.target.files?.[0])}
              data-testid="import-file"
            />
            <Button icon={<UploadOutlined />} type="primary" onClick={() => input.current?.click()}>
              {labels.chooseFile}
            </Button>
          </Flex>
        )}
        {step === 1 && picked && (
          <Flex vertical gap={16}>
            <Typography.Text strong>{picked.file.name}</Typography.Text>
            <ImportMapping
              preview={picked.preview}
              customFields={customFields.data ?? []}
              value={byField}
              onChange={setByField}
            />
            {unknownTags.length > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid="import-unknown-tags"
                title={plural(labels.unknownTags, unknownTags.length, { names: unknownTags.join(', ') })}
                description={
                  <Checkbox
                    checked={createTags}
                    onChange={(event) => setCreateTags(event.target.checked)}
                    data-testid="import-create-tags"
                  >
                    {labels.createUnknownTags}
                  </Checkbox>
                }
              />
            )}
            <Form layout="vertical">
              <Flex gap={16} wrap>
                <Form.Item label={labels.wallet} style={{ minWidth: 240 }}>
                  <Select
                    allowClear
                    value={wallet}
                    onChange={setWallet}
                    notFoundContent={ptBR.forms.noOptions}
                    options={(wallets.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
                    data-testid="import-wallet"
                  />
                </Form.Item>
                <Form.Item label={labels.tags} style={{ minWidth: 280 }}>
                  <Select
                    mode="multiple"
                    value={tags}
                    onChange={setTags}
                    optionFilterProp="label"
                    notFoundContent={ptBR.forms.noOptions}
                    options={(tagList.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
                    data-testid="import-tags"
                  />
                </Form.Item>
              </Flex>
            </Form>
            <Flex gap={8}>
              <Button onClick={reset}>{labels.back}</Button>
              <Button
                type="primary"
                loading={start.isPending || uploaded !== undefined}
                disabled={mappingProblem(byField) !== undefined}
                onClick={() => void begin()}
                data-testid="import-start"
              >
                {labels.start}
              </Button>
            </Flex>
            {uploaded !== undefined && (
              <Flex vertical gap={4} data-testid="import-upload-progress">
                <Typography.Text type="secondary">{labels.uploading}</Typography.Text>
                <Progress percent={uploaded} />
              </Flex>
            )}
          </Flex>
        )}
        {step === 2 &&
          (progress.isError ? (
            <Alert
              type="error"
              showIcon
              title={progress.error instanceof ApiRequestError ? progress.error.message : labels.failed}
            />
          ) : (
            <ImportProgress
              view={progress.data}
              customLabels={customLabels}
              onAnother={reset}
              onContacts={() => navigate('/app/contacts')}
            />
          ))}
      </Card>
    </div>
  );
}
