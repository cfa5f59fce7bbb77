import { PlusOutlined } from '@ant-design/icons';
import { courseInput } from '@atende/shared/contracts/academy/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Modal, Progress, Row, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { academyApi, academyKeys, type CourseInput } from '../api/academy-api.ts';

const labels = ptBR.academy;
/** A field path as the contract's issues give it (lessons, index, field). */
type FieldName = Parameters<ReturnType<typeof Form.useForm<CourseInput>>[0]['setFields']>[0][number]['name'];

function NewCourseModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CourseInput>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: academyApi.create,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: academyKeys.list });
      void message.success(labels.created, LIMITS.toastDurationMs / 1000);
      onClose();
    },
    onError: (error) => void message.error(error.message),
  });
  const submit = (values: CourseInput) => {
    const parsed = courseInput.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: issue.path as FieldName,
          errors: [issue.message],
        })),
      );
      return;
    }
    create.mutate(values);
  };
  return (
    <Modal
      open
      width={760}
      title={labels.newCourse}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ lessons: [{ title: '', body: '' }] }}
      >
        <Form.Item name="title" label={labels.courseTitle} required>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="description" label={labels.courseDescription}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.List name="lessons">
          {(fields, { add }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={interpolate(labels.lesson, { n: index + 1 })}
                  style={{ marginBottom: 8 }}
                >
                  <Form.Item name={[field.name, 'title']} label={labels.lessonTitle} required>
                    <Input maxLength={150} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'body']}
                    label={labels.lessonBody}
                    required
                    extra='HTML: <p>, <strong>, <ul>, <img src="https://...">'
                  >
                    <Input.TextArea rows={4} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'video_url']} label={labels.videoUrl}>
                    <Input placeholder="https://www.youtube.com/watch?v=..." />
                  </Form.Item>
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ title: '', body: '' })}>
                {labels.addLesson}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** app/academy: courses with the reader's progress; admins add their own. */
export function AcademyPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const courses = useQuery({
    queryKey: academyKeys.list,
    queryFn: academyApi.list,
    select: (answer) => answer.items,
  });
  const navigate = useNavigate();
  const { access } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          {
            key: 'new-course',
            label: labels.newCourse,
            primary: true,
            hidden: access?.role !== 'admin',
            onClick: () => setCreating(true),
          },
        ]}
      />
      {courses.isPending && <Skeleton active />}
      {courses.isError && <Alert type="error" title={labels.loadError} />}
      <Row gutter={[16, 16]}>
        {(courses.data ?? []).map((course) => (
          <Col key={course._id} xs={24} md={12} xl={8}>
            <Card
              title={course.title}
              extra={course.builtIn && <Tag color="purple">{labels.starter}</Tag>}
              data-testid="academy-course"
              actions={[
                <Button key="play" type="link" onClick={() => navigate(`/app/academy/player/${course._id}`)}>
                  {course.completed > 0 ? labels.continue : labels.start}
                </Button>,
                <Button
                  key="overview"
                  type="link"
                  onClick={() => navigate(`/app/academy/overview/${course._id}`)}
                >
                  {labels.overview}
                </Button>,
              ]}
            >
              <p>{course.description}</p>
              <Progress percent={Math.round((course.completed / Math.max(1, course.lessons)) * 100)} />
              {interpolate(labels.lessonsDone, { done: course.completed, total: course.lessons })}
            </Card>
          </Col>
        ))}
      </Row>
      {creating && <NewCourseModal onClose={() => setCreating(false)} />}
    </>
  );
}
