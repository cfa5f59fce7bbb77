import { CheckCircleTwoTone } from '@ant-design/icons';
import type { CourseView } from '@atende/shared/contracts/academy/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Menu, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { academyApi, academyKeys } from '../api/academy-api.ts';
import { embedUrl, LessonBody } from './lesson-body.tsx';

const labels = ptBR.academy;

function Video({ url }: { url: string }) {
  const target = embedUrl(url);
  return target.kind === 'iframe' ? (
    <iframe
      title={labels.video}
      src={target.src}
      style={{ width: '100%', aspectRatio: '16 / 9', border: 0 }}
      allowFullScreen
      sandbox="allow-scripts allow-same-origin allow-presentation"
    />
  ) : (
    <video src={target.src} controls style={{ width: '100%' }} />
  );
}

function Lesson({ course, lessonId }: { course: CourseView; lessonId: string }) {
  const lesson = course.lessons.find((item) => item._id === lessonId);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<number>();
  const complete = useMutation({
    mutationFn: () => academyApi.complete(course._id, lessonId, answer),
    onSuccess: (result) => {
      queryClient.setQueryData(academyKeys.course(course._id), result.course);
      void queryClient.invalidateQueries({ queryKey: academyKeys.list });
      if (result.correct) void message.success(lesson?.quiz ? labels.right : labels.completed);
      else void message.error(labels.wrong);
    },
    onError: (error) => void message.error(error.message),
  });
  if (!lesson) return <Empty />;
  return (
    <Card title={lesson.title} data-testid="academy-lesson">
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        {lesson.video_url && <Video url={lesson.video_url} />}
        <LessonBody html={lesson.body} testId="academy-lesson-body" />
        {lesson.quiz && (
          <Card size="small" title={labels.quiz}>
            <Typography.Paragraph>{lesson.quiz.question}</Typography.Paragraph>
            <Radio.Group value={answer} onChange={(event) => setAnswer(Number(event.target.value))}>
              <Space direction="vertical">
                {lesson.quiz.options.map((option, index) => (
                  <Radio key={option} value={index}>
                    {option}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Card>
        )}
        <Button
          type="primary"
          disabled={lesson.completed || (lesson.quiz !== undefined && answer === undefined)}
          loading={complete.isPending}
          onClick={() => complete.mutate()}
          data-testid="academy-complete"
        >
          {lesson.completed ? labels.completed : lesson.quiz ? labels.answer : labels.complete}
        </Button>
      </Space>
    </Card>
  );
}

/** app/academy/player/:course_selected?: the lessons of a course, progress saved per employee. */
export function CoursePlayerPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { course_selected: courseId } = useParams();
  const course = useQuery({
    queryKey: academyKeys.course(courseId ?? ''),
    queryFn: () => academyApi.course(courseId ?? ''),
    enabled: Boolean(courseId),
  });
  const [selected, setSelected] = useState<string>();
  const data = course.data;
  const current = selected ?? data?.lessons.find((lesson) => !lesson.completed)?._id ?? data?.lessons[0]?._id;
  return (
    <>
      <PageHeader title={data?.title ?? title} breadcrumb={breadcrumb} />
      {!courseId && <Empty description={labels.chooseCourse} />}
      {course.isPending && courseId && <Skeleton active />}
      {course.isError && <Alert type="error" title={course.error.message} />}
      {data && current && (
        <Row gutter={16}>
          <Col xs={24} md={7}>
            <Menu
              selectedKeys={[current]}
              onClick={({ key }) => setSelected(key)}
              items={data.lessons.map((lesson) => ({
                key: lesson._id,
                label: lesson.title,
                icon: lesson.completed ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : undefined,
              }))}
            />
          </Col>
          <Col xs={24} md={17}>
            <Lesson key={current} course={data} lessonId={current} />
          </Col>
        </Row>
      )}
    </>
  );
}
