import { listActivities } from '@atende/shared/contracts/pipelines/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, List, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { callRoute } from '../../../lib/api/call-route.ts';
import { companyNow, formatCompanyTime } from '../../../lib/dates/dates.ts';

/**
 * The home page's share of the agenda: the signed-in employee's open activities due today or overdue. It asks
 * the activities API itself (a feature imports no other feature) and the agenda page holds the full views.
 */
export function TodayActivities({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const endOfDay = companyNow().endOf('day');
  const activities = useQuery({
    queryKey: ['home', 'activities', employeeId, endOfDay.format('YYYY-MM-DD')],
    queryFn: async () =>
      (
        await callRoute(listActivities, {
          query: { to: endOfDay.toISOString(), assignee: employeeId, status: 'open', limit: '50' },
        })
      ).activities,
  });
  return (
    <Card
      title={t('home.todayActivities')}
      extra={<Link to="/app/activities">{t('home.openAgenda')}</Link>}
      style={{ marginTop: 16 }}
      data-testid="home-activities"
    >
      {activities.isPending ? (
        <Skeleton active />
      ) : activities.isError ? (
        <Alert type="error" showIcon message={t('home.activitiesError')} />
      ) : (
        <List
          dataSource={activities.data}
          locale={{ emptyText: t('home.noActivitiesToday') }}
          renderItem={(activity) => (
            <List.Item data-testid="home-activity">
              <span>
                {formatCompanyTime(activity.due_at, 'dayTime')} · {activity.title}
              </span>
              {dayjs(activity.due_at).isBefore(dayjs()) && <Tag color="red">{t('home.overdue')}</Tag>}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
