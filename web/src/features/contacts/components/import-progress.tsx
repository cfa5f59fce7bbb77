import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Progress, Result, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { downloadImportErrors } from '../hooks/use-contact-import.ts';
import { importOutcome } from '../state/import-outcome.ts';
import { importFieldLabel } from '@atende/shared/rules/import-fields';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.contactsScreens.import;

const fill = (template: string, values: Record<string, number>) =>
  Object.entries(values).reduce((text, [key, value]) => text.replace(`{{${key}}}`, String(value)), template);

export interface ImportProgressProps {
  view: ImportView | undefined;
  /** Custom field key → the label the mapping step showed, for the refused rows' field column. */
  customLabels: ReadonlyMap<string, string>;
  onAnother: () => void;
  onContacts: () => void;
}

/** The running import's progress bar, then its summary with the refused rows and the error report. */
export function ImportProgress({ view, customLabels, onAnother, onContacts }: ImportProgressProps) {
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const processed = view?.processed ?? 0;
  const total = view?.total ?? 0;
  const percent = total > 0 ? Math.floor((processed / total) * 100) : 0;

  const download = async () => {
    if (!view) return;
    setDownloading(true);
    try {
      await downloadImportErrors(view._id);
    } catch (error) {
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.loadFailed,
      );
    } finally {
      setDownloading(false);
    }
  };

  const errorReport = view && view.errors > 0 && (
    <Flex vertical gap={8}>
      <Button
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={() => void download()}
        data-testid="import-errors-download"
        style={{ alignSelf: 'start' }}
      >
        {labels.errorsDownload}
      </Button>
      <ResponsiveTable
        size="small"
        rowKey={(row) => `${row.row}-${row.field}`}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={view.error_rows}
        data-testid="import-error-rows"
        columns={[
          { title: labels.errorRow, dataIndex: 'row', width: 80 },
          {
            title: labels.errorField,
            dataIndex: 'field',
            width: 160,
            render: (field: string) => importFieldLabel(field, customLabels),
          },
          { title: labels.errorReason, dataIndex: 'reason' },
        ]}
      />
    </Flex>
  );

  if (view?.status === 'done' || view?.status === 'failed') {
    const outcome = importOutcome(view);
    return (
      <Flex vertical gap={16} data-testid="import-done" data-status={view.status} data-tone={outcome.tone}>
        <Result
          status={outcome.tone}
          title={outcome.title}
          subTitle={<span data-testid="import-summary">{outcome.summary}</span>}
          extra={[
            <Button key="contacts" type="primary" onClick={onContacts}>
              {labels.goToContacts}
            </Button>,
            <Button key="another" onClick={onAnother}>
              {labels.another}
            </Button>,
          ]}
        />
        {errorReport}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        {view?.status === 'running' ? fill(labels.progress, { processed, total }) : labels.queued}
      </Typography.Text>
      <div data-testid="import-progress" data-processed={processed} data-total={total}>
        <Progress percent={percent} status="active" />
      </div>
      {view && view.errors > 0 && <Alert type="warning" showIcon title={importOutcome(view).summary} />}
      {errorReport}
    </Flex>
  );
}
