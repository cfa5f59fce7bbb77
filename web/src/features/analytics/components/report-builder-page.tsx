import type { SavedReportView } from '@atende/shared/contracts/analytics/saved-reports';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Col, Empty, Flex, Row, Skeleton } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useAnalyticsLive } from '../hooks/use-analytics.ts';
import { useSavedReports } from '../hooks/use-saved-reports.ts';
import { ReportFormModal } from './report-form-modal.tsx';
import { SavedReportCard } from './saved-report-card.tsx';

const t = ptBR.analytics;

/** app/v2/analytics/report-builder/dashboard: the company's saved reports, each drawn live, and the builder. */
export function ReportBuilderPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useAnalyticsLive();
  const reports = useSavedReports();
  const [editing, setEditing] = useState<{ report?: SavedReportView } | undefined>();
  const list = reports.data?.reports ?? [];
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <Flex justify="end">
          <Button type="primary" onClick={() => setEditing({})} data-testid="new-report">
            {t.builder.newReport}
          </Button>
        </Flex>
        {reports.isLoading ? (
          <Skeleton active />
        ) : reports.isError ? (
          <Alert
            type="error"
            message={t.loadFailed}
            action={
              <Button size="small" onClick={() => void reports.refetch()}>
                {t.retry}
              </Button>
            }
          />
        ) : list.length === 0 ? (
          <Empty description={t.builder.empty} />
        ) : (
          <Row gutter={[12, 12]}>
            {list.map((report, index) => (
              <Col key={report._id} xs={24} lg={report.size === 'full' ? 24 : 12}>
                <SavedReportCard
                  report={report}
                  first={index === 0}
                  last={index === list.length - 1}
                  onEdit={(picked) => setEditing({ report: picked })}
                />
              </Col>
            ))}
          </Row>
        )}
      </Flex>
      <ReportFormModal
        open={editing !== undefined}
        report={editing?.report}
        position={list.length}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
