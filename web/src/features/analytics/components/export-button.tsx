import { exportReport } from '@atende/shared/contracts/analytics/routes';
import type { BreakdownDimension, ExportReport } from '@atende/shared/contracts/analytics/views';
import { decideAccess } from '@atende/shared/rules/access';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { analyticsApi } from '../api/analytics-api.ts';
import { analyticsQueryAtom } from '../state/filters.ts';

const t = ptBR.analytics;

/**
 * Downloads the CSV of a report with the filters on screen (the same service answers both); hidden from an
 * operator without export_report_base_to_operators, whom the server refuses anyway.
 */
export function ExportButton({ report, by }: { report: ExportReport; by?: BreakdownDimension }) {
  const query = useAtomValue(analyticsQueryAtom);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { access } = useSession();
  const download = async () => {
    setBusy(true);
    try {
      const file = await analyticsApi.export(query, report, by);
      const url = URL.createObjectURL(new Blob([file.csv], { type: file.content_type }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.file_name;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      void message.error(t.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  if (!access || !decideAccess(exportReport.access, access).allowed) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void download()}
      data-testid={`export-${by ?? report}`}
    >
      {t.exportCsv}
    </Button>
  );
}
