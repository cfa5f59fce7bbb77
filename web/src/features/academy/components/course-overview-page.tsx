import { CheckCircleTwoTone, ClockCircleOutlined } from '@ant-design/icons';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Progress, Skeleton, Space } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { academyApi, academyKeys } from '../api/academy-api.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.academy;

function TeamProgress({ courseId }: { courseId: string }) {
  const team = useQuery({ queryKey: academyKeys.team(courseId), queryFn: () => academyApi.team(courseId) });
  if (team.isError) return <Alert type="error" title={team.error.message} />;
  return (
    <Card size="small" title={labels.team}>
      <ResponsiveTable
        rowKey="employee"
        loading={team.isPending}
        dataSource={team.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: labels.employee, dataIndex: 'name' },
          {
            title: labels.progress,
            key: 'progress',
            render: (_, row) => (
              <Progress
                percent={Math.round((row.completed / Math.max(1, team.data?.lessons ?? 1)) * 100)}
                size="small"
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** app/academy/overview/:course_selected?: the course outline with the reader's progress; admins see the team's. */
export function CourseOverviewPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { course_selected: courseId } = useParams();
  const navigate = useNavigate();
  const { access } = useSession();
  const course = useQuery({
    queryKey: academyKeys.course(courseId ?? ''),
    queryFn: () => academyApi.course(courseId ?? ''),
    enabled: Boolean(courseId),
  });
  const data = course.data;
  return (
    <>
      <PageHeader title={data?.title ?? title} breadcrumb={breadcrumb} />
      {!courseId && <Empty description={labels.chooseCourse} />}
      {course.isPending && courseId && <Skeleton active />}
      {course.isError && <Alert type="error" title={course.error.message} />}
      {data && (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <Card size="small">
            <p>{data.description}</p>
            <Progress percent={Math.round((data.completed / Math.max(1, data.lessons.length)) * 100)} />
            {interpolate(labels.lessonsDone, { done: data.completed, total: data.lessons.length })}
            <div style={{ marginTop: 12 }}>
              <Button type="primary" onClick={() => navigate(`/app/academy/player/${data._id}`)}>
                {data.completed > 0 ? labels.continue : labels.start}
              </Button>
            </div>
          </Card>
          <List
            bordered
            dataSource={data.lessons}
            renderItem={(lesson) => (
              <List.Item>
                <Space>
                  {lesson.completed ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <ClockCircleOutlined />}
                  {lesson.title}
                </Space>
              </List.Item>
            )}
          />
          {access?.role === 'admin' && <TeamProgress courseId={data._id} />}
        </Space>
      )}
    </>
  );
}
