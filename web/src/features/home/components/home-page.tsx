import type { PlanCode } from '@atende/shared/domain/constants';
import { ROLE_LABELS } from '@atende/shared/domain/constants';
import { Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useMountedEmployee } from '../../../lib/session/use-session.ts';
import { HomeSummary } from './home-summary.tsx';
import { TodayActivities } from './today-activities.tsx';

export function HomePage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const { t } = useTranslation();
  const { data: employee } = useMountedEmployee();
  const planLabel = (plan: PlanCode) => t(`plans.${plan}`);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        phrase={employee ? t('home.greeting', { name: employee.name }) : undefined}
      />
      <Card style={{ marginTop: 16 }}>
        {employee ? (
          <Descriptions column={1} data-testid="home-summary">
            <Descriptions.Item label={t('home.company')}>
              <span data-testid="home-company">{employee.company.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('home.plan')}>
              <span data-testid="home-plan">{planLabel(employee.company.account_type)}</span>
              {employee.company.account_is_trial && (
                <Tag color="gold" style={{ marginLeft: 8 }}>
                  {t('home.trial')}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('home.role')}>{ROLE_LABELS[employee.role]}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active />
        )}
      </Card>
      {employee && <HomeSummary />}
      {employee && <TodayActivities employeeId={employee._id} />}
    </>
  );
}
