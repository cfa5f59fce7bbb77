import type { ActivityView } from '@atende/shared/contracts/pipelines/activity-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import {
  Alert,
  Button,
  Calendar,
  Card,
  Checkbox,
  Col,
  Flex,
  List,
  Row,
  Segmented,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useActivities, useFunnelLive, useFunnelMutations } from '../hooks/use-funnel.ts';
import { ActivityForm } from './activity-form.tsx';
import { companyNow, formatCompanyTime, inCompanyZone } from '../../../lib/dates/dates.ts';

const a = ptBR.pipelines.activities;
type View = 'day' | 'week' | 'month';

function ActivityItem({
  activity,
  onEdit,
}: {
  activity: ActivityView;
  onEdit: (activity: ActivityView) => void;
}) {
  const { updateActivity } = useFunnelMutations();
  const done = activity.status === 'done';
  return (
    <List.Item
      data-testid="activity-item"
      actions={[
        <Checkbox
          key="done"
          checked={done}
          onChange={(event) =>
            updateActivity.mutate({ id: activity._id, body: { done: event.target.checked } })
          }
        >
          {a.markDone}
        </Checkbox>,
      ]}
    >
      <Button
        type="link"
        onClick={() => onEdit(activity)}
        style={{ padding: 0, textDecoration: done ? 'line-through' : undefined }}
      >
        {formatCompanyTime(activity.due_at, 'dayTime')} · {activity.title}
      </Button>
      <Tag>{a.types[activity.type]}</Tag>
    </List.Item>
  );
}

/** app/activities: the agenda in day, week or month views, with the overdue and today lists beside it. */
export function ActivitiesPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useFunnelLive();
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState<Dayjs>(companyNow);
  const [editing, setEditing] = useState<ActivityView | 'new'>();
  const from = anchor.startOf(view);
  const to = anchor.endOf(view);
  const period = useActivities({ from: from.toISOString(), to: to.toISOString() });
  const today = useActivities({
    from: companyNow().startOf('day').toISOString(),
    to: companyNow().endOf('day').toISOString(),
  });
  const overdue = useActivities({ status: 'overdue', to: dayjs().startOf('minute').toISOString() });
  const onDay = (day: Dayjs) =>
    (period.data ?? []).filter((activity) => inCompanyZone(activity.due_at).isSame(day, 'day'));
  const days = view === 'day' ? [from] : Array.from({ length: 7 }, (_, index) => from.add(index, 'day'));
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[{ key: 'new', label: a.newActivity, primary: true, onClick: () => setEditing('new') }]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
            <Segmented<View>
              value={view}
              onChange={setView}
              options={[
                { value: 'day', label: a.day },
                { value: 'week', label: a.week },
                { value: 'month', label: a.month },
              ]}
            />
            <Button onClick={() => setAnchor(anchor.subtract(1, view))}>{a.previous}</Button>
            <Button onClick={() => setAnchor(companyNow())}>{a.today}</Button>
            <Button onClick={() => setAnchor(anchor.add(1, view))}>{a.next}</Button>
            <Typography.Text strong>
              {from.format('DD/MM/YYYY')} – {to.format('DD/MM/YYYY')}
            </Typography.Text>
          </Flex>
          {period.isError && (
            <Alert
              type="error"
              message={ptBR.pipelines.screens.loadError}
              action={<Button onClick={() => void period.refetch()}>{ptBR.pipelines.screens.retry}</Button>}
            />
          )}
          {view === 'month' ? (
            <Calendar
              value={anchor}
              onPanelChange={(value) => setAnchor(value)}
              onSelect={(value) => setAnchor(value)}
              cellRender={(day, info) =>
                info.type === 'date' ? (
                  <Flex vertical gap={2}>
                    {onDay(day).map((activity) => (
                      <Tag
                        key={activity._id}
                        onClick={() => setEditing(activity)}
                        color={activity.status === 'done' ? 'green' : 'blue'}
                      >
                        {formatCompanyTime(activity.due_at, 'time')} {activity.title}
                      </Tag>
                    ))}
                  </Flex>
                ) : null
              }
            />
          ) : (
            <Flex vertical gap={8} data-testid="agenda-days">
              {days.map((day) => (
                <Card key={day.toISOString()} size="small" title={day.format('dddd, DD/MM')}>
                  <List
                    loading={period.isLoading}
                    locale={{ emptyText: a.empty }}
                    dataSource={onDay(day)}
                    renderItem={(activity) => <ActivityItem activity={activity} onEdit={setEditing} />}
                  />
                </Card>
              ))}
            </Flex>
          )}
        </Col>
        <Col xs={24} lg={7}>
          <Card size="small" title={a.overdue} style={{ marginBottom: 12 }}>
            <List
              loading={overdue.isLoading}
              locale={{ emptyText: a.emptyOverdue }}
              dataSource={overdue.data ?? []}
              renderItem={(activity) => <ActivityItem activity={activity} onEdit={setEditing} />}
            />
          </Card>
          <Card size="small" title={a.today} data-testid="agenda-today">
            <List
              loading={today.isLoading}
              locale={{ emptyText: a.emptyToday }}
              dataSource={today.data ?? []}
              renderItem={(activity) => <ActivityItem activity={activity} onEdit={setEditing} />}
            />
          </Card>
        </Col>
      </Row>
      {editing && (
        <ActivityForm
          {...(editing === 'new' ? {} : { activity: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
