import { ptBR } from '@atende/shared/i18n/pt-BR';
import { formatBRL } from '@atende/shared/rules/hub-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { billingApi, billingKeys } from '../api/billing-api.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';

const labels = ptBR.billing;

/** app/financial-panel (admin): the company's subscription, payment status and invoices, read-only. */
export function FinancialPanelPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { t } = useTranslation();
  const finance = useQuery({ queryKey: billingKeys.finance, queryFn: billingApi.finance });
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} note={labels.readOnly} />
      {finance.isPending && <Skeleton active />}
      {finance.isError && <Alert type="error" title={labels.loadError} />}
      {finance.data && (
        <Flex vertical gap={16} data-testid="financial-panel">
          <Card size="small">
            <Descriptions column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={labels.currentPlan}>
                {t(`plans.${finance.data.plan}`)}
                {finance.data.trial && (
                  <Tag color="gold" style={{ marginInlineStart: 8 }}>
                    {labels.trial}
                  </Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={labels.subscription}>
                {finance.data.subscription ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={labels.paymentStatus}>
                {finance.data.payment_status ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={labels.clientStatus}>
                {finance.data.client_status ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={labels.dueDate}>
                {finance.data.due_date ? formatCompanyTime(finance.data.due_date, 'date') : '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={labels.invoices}>
            <ResponsiveTable
              rowKey="id"
              dataSource={finance.data.invoices}
              pagination={{ pageSize: 12 }}
              locale={{ emptyText: labels.noInvoices }}
              columns={[
                { title: labels.invoice, dataIndex: 'id' },
                { title: labels.dueDate, dataIndex: 'due_date' },
                { title: labels.amount, dataIndex: 'amount', render: (amount: number) => formatBRL(amount) },
                {
                  title: labels.status,
                  dataIndex: 'status',
                  render: (status: string) => <Tag>{status}</Tag>,
                },
              ]}
            />
          </Card>
        </Flex>
      )}
    </>
  );
}
