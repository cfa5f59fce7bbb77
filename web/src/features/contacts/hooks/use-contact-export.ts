import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App } from 'antd';
import { createElement, useCallback, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { fetchExport, postExport } from '../api/contacts-api.ts';
import { useSocketEvent } from '../../../lib/socket/use-socket-event.ts';

const labels = ptBR.contactsScreens.export;
/** How often a running export is asked about while the user waits on the page. */
export const EXPORT_POLL_MS = 2000;
/** After this long the page stops asking; the realtime notice still tells the user. */
const EXPORT_POLL_LIMIT = 150;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const downloadLink = (url: string) =>
  createElement(
    'a',
    { href: url, target: '_blank', rel: 'noreferrer', 'data-testid': 'export-download' },
    labels.download,
  );

/**
 * POST /api/contacts/exports, then the spec's export success or error modal once the XLSX is ready (or failed).
 * The server also sends inform-sending-excel-by-email to the employee; that notice shows wherever they are.
 */
export function useContactExport() {
  const { modal, notification } = App.useApp();
  const [running, setRunning] = useState(false);

  const showSuccess = useCallback(
    (view: ExportView) =>
      modal.success({
        title: labels.successTitle,
        content: createElement(
          'div',
          null,
          createElement('p', null, labels.successText),
          view.url && downloadLink(view.url),
        ),
        okButtonProps: { 'data-testid': 'export-success-ok' },
      }),
    [modal],
  );
  const showError = useCallback(
    (text: string) =>
      modal.error({
        title: labels.errorTitle,
        content: text,
        okButtonProps: { 'data-testid': 'export-error-ok' },
      }),
    [modal],
  );

  useSocketEvent('inform-sending-excel-by-email', (frame) => {
    const url = (frame.data as { url?: unknown }).url;
    notification.info({
      title: labels.excelReady,
      description: typeof url === 'string' ? downloadLink(url) : undefined,
      key: 'inform-sending-excel-by-email',
    });
  });

  const start = async () => {
    setRunning(true);
    try {
      const { _id } = await postExport();
      notification.info({ title: labels.started, key: 'contacts-export' });
      for (let attempt = 0; attempt < EXPORT_POLL_LIMIT; attempt += 1) {
        await wait(EXPORT_POLL_MS);
        const view = await fetchExport(_id);
        if (view.status === 'done') return showSuccess(view);
        if (view.status === 'failed') return showError(labels.errorText);
      }
    } catch (error) {
      showError(error instanceof ApiRequestError ? error.message : labels.errorText);
    } finally {
      setRunning(false);
    }
  };

  return { start, running };
}
