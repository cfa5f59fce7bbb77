import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { STARTER_COURSE } from '@atende/shared/content/academy';
import type { Course, CourseSummary, CourseView, courseInput } from '@atende/shared/contracts/academy/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { academyPtBR, formsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import { employeeEntity } from '../auth/entities.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import { plainText, sanitizeArticleHtml } from '../lib/rich-text.ts';

/**
 * Company courses: pk C#<cid>#ACADEMY, sk COURSE#<id>. Progress: pk C#<cid>#ACADEMY_PROGRESS#<course>,
 * sk <employee>, holding the completed lesson ids (one Query gives the overview of the whole team).
 */
const coursesPk = (companyId: string) => `C#${companyId}#ACADEMY`;
const progressPk = (companyId: string, courseId: string) => `C#${companyId}#ACADEMY_PROGRESS#${courseId}`;
const table = () => config().mainTable;

async function companyCourses(companyId: string): Promise<Course[]> {
  return (await queryAllByPrefix(coursesPk(companyId), 'COURSE#')).map((item) => item.course as Course);
}

async function findCourse(companyId: string, id: string): Promise<{ course: Course; builtIn: boolean }> {
  if (id === STARTER_COURSE._id) return { course: STARTER_COURSE, builtIn: true };
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: { pk: coursesPk(companyId), sk: `COURSE#${id}` } }),
  );
  if (!Item) throw new NotFound(academyPtBR.courseNotFound);
  return { course: Item.course as Course, builtIn: false };
}

async function completedLessons(
  companyId: string,
  courseId: string,
  employeeId: string,
): Promise<Set<string>> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: { pk: progressPk(companyId, courseId), sk: employeeId } }),
  );
  return new Set((Item?.completed as string[] | undefined) ?? []);
}

function view(course: Course, builtIn: boolean, done: Set<string>): CourseView {
  return {
    _id: course._id,
    title: course.title,
    description: course.description,
    builtIn,
    completed: course.lessons.filter((lesson) => done.has(lesson._id)).length,
    lessons: course.lessons.map((lesson) => ({
      _id: lesson._id,
      title: lesson.title,
      body: lesson.body,
      ...(lesson.video_url ? { video_url: lesson.video_url } : {}),
      ...(lesson.quiz ? { quiz: { question: lesson.quiz.question, options: lesson.quiz.options } } : {}),
      completed: done.has(lesson._id),
    })),
  };
}

export async function listCourses(auth: AuthContext): Promise<{ items: CourseSummary[] }> {
  const courses = [
    { course: STARTER_COURSE, builtIn: true },
    ...(await companyCourses(auth.companyId)).map((course) => ({ course, builtIn: false })),
  ];
  const items = await Promise.all(
    courses.map(async ({ course, builtIn }) => {
      const done = await completedLessons(auth.companyId, course._id, auth.employeeId);
      return {
        _id: course._id,
        title: course.title,
        description: course.description,
        builtIn,
        lessons: course.lessons.length,
        completed: course.lessons.filter((lesson) => done.has(lesson._id)).length,
      };
    }),
  );
  return { items };
}

export async function getCourse(auth: AuthContext, id: string) {
  const { course, builtIn } = await findCourse(auth.companyId, id);
  return view(course, builtIn, await completedLessons(auth.companyId, id, auth.employeeId));
}

export async function createCourse(auth: AuthContext, body: z.infer<typeof courseInput>) {
  const course: Course = {
    _id: newObjectId(),
    title: body.title,
    description: body.description,
    lessons: body.lessons.map((lesson, index) => {
      const html = sanitizeArticleHtml(lesson.body);
      if (!plainText(html) && !html.includes('<img'))
        throw new Invalid(`lessons.${index}.body`, formsPtBR.requiredField);
      return { ...lesson, _id: newObjectId(), body: html };
    }),
  };
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: coursesPk(auth.companyId),
        sk: `COURSE#${course._id}`,
        entity: 'academy_course',
        course,
        created_by: auth.employeeId,
      },
    }),
  );
  return view(course, false, new Set());
}

export async function completeLesson(
  auth: AuthContext,
  courseId: string,
  lessonId: string,
  answer: number | undefined,
) {
  const { course, builtIn } = await findCourse(auth.companyId, courseId);
  const lesson = course.lessons.find((candidate) => candidate._id === lessonId);
  if (!lesson) throw new NotFound(academyPtBR.lessonNotFound);
  if (lesson.quiz && answer === undefined) throw new Invalid('answer', academyPtBR.answerRequired);
  const correct = !lesson.quiz || lesson.quiz.answer === answer;
  if (correct) {
    await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: progressPk(auth.companyId, courseId), sk: auth.employeeId },
        UpdateExpression: 'ADD completed :lesson SET entity = :entity',
        ExpressionAttributeValues: { ':lesson': new Set([lessonId]), ':entity': 'academy_progress' },
      }),
    );
  }
  return {
    correct,
    course: view(course, builtIn, await completedLessons(auth.companyId, courseId, auth.employeeId)),
  };
}

export async function teamProgress(auth: AuthContext, courseId: string) {
  const { course } = await findCourse(auth.companyId, courseId);
  const page = await clients().document.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': progressPk(auth.companyId, courseId) },
    }),
  );
  const rows = page.Items ?? [];
  const names = await Promise.all(
    rows.map(async (row) => {
      const { Item } = await clients().document.send(
        new GetCommand({
          TableName: table(),
          Key: employeeEntity.key(auth.companyId, String(row.sk)),
          ProjectionExpression: '#name',
          ExpressionAttributeNames: { '#name': 'name' },
        }),
      );
      return String(Item?.name ?? '');
    }),
  );
  const lessonIds = new Set(course.lessons.map((lesson) => lesson._id));
  return {
    lessons: course.lessons.length,
    items: rows.map((row, index) => ({
      employee: String(row.sk),
      name: names[index] ?? '',
      completed: [...((row.completed as Set<string> | undefined) ?? new Set<string>())].filter((id) =>
        lessonIds.has(id),
      ).length,
    })),
  };
}
