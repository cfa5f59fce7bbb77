import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { exportPercent, type useWalletExport } from '../hooks/use-wallet-export.ts';

const labels = ptBR.contactsScreens.wallets;

/** The wallet's contacts as CSV: rows written of the wallet's count while it runs, then the download link. */
export function WalletExportModal({ exporter }: { exporter: ReturnType<typeof useWalletExport> }) {
  const { wallet, start, progress, close } = exporter;
  const view = progress.data;
  const failure = start.error ?? progress.error;
  const failed = failure !== null || view?.status === 'failed';
  return (
    <Modal
      open={wallet !== undefined}
      title={interpolate(labels.exportTitle, { name: wallet?.name ?? '' })}
      onCancel={close}
      footer={<Button onClick={close}>{ptBR.contactsScreens.common.close}</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="wallet-export">
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={failure instanceof ApiRequestError ? failure.message : labels.exportFailed}
            data-testid="wallet-export-error"
          />
        ) : (
          <>
            <Progress
              percent={exportPercent(view)}
              status={view?.status === 'done' ? 'success' : 'active'}
              data-testid="wallet-export-progress"
            />
            <Typography.Text type="secondary" data-testid="wallet-export-count">
              {interpolate(labels.exportProgress, {
                processed: view?.processed ?? 0,
                expected: view?.expected ?? wallet?.customers_count ?? 0,
              })}
            </Typography.Text>
          </>
        )}
        {view?.status === 'done' && view.url && (
          <>
            <Typography.Text>{labels.exportDone}</Typography.Text>
            <a href={view.url} target="_blank" rel="noreferrer" data-testid="wallet-export-download">
              {labels.exportDownload}
            </a>
          </>
        )}
      </Flex>
    </Modal>
  );
}
