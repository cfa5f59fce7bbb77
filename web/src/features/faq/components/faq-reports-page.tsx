import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { faqApi, faqKeys } from '../api/faq-api.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.faq;

/** app/faq/reports (FAQ admins and managers): views and helpful votes per article, searches with no result. */
export function FaqReportsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const report = useQuery({ queryKey: faqKeys.report, queryFn: faqApi.report });
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {report.isError && <Alert type="error" title={labels.loadError} />}
      <Flex vertical gap={16}>
        <Card size="small" title={labels.views}>
          <ResponsiveTable
            rowKey="_id"
            loading={report.isPending}
            dataSource={report.data?.articles ?? []}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: labels.title, dataIndex: 'title' },
              { title: labels.views, dataIndex: 'views', width: 140 },
              { title: labels.helpful, dataIndex: 'helpful', width: 120 },
              { title: labels.notHelpful, dataIndex: 'not_helpful', width: 120 },
            ]}
          />
        </Card>
        <Card size="small" title={labels.searchesWithoutResult}>
          <ResponsiveTable
            rowKey="term"
            loading={report.isPending}
            dataSource={report.data?.searches_without_result ?? []}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: labels.term, dataIndex: 'term' },
              { title: labels.times, dataIndex: 'count', width: 120 },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}
