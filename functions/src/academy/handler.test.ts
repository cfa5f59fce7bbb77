import { STARTER_COURSE } from '@atende/shared/content/academy';
import {
  completeLesson,
  courseTeamProgress,
  createCourse,
  getCourse,
  listCourses,
} from '@atende/shared/contracts/academy/routes';
import type { CourseSummary, CourseView } from '@atende/shared/contracts/academy/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const lessonWithQuiz = STARTER_COURSE.lessons[0]!;
const lessonWithout = STARTER_COURSE.lessons[2]!;

describe('academy', () => {
  it('offers the starter course, hides quiz answers, and saves progress per employee', async () => {
    const list = (await callRoute(handler, listCourses, { token: a.operator.token })).body as {
      items: CourseSummary[];
    };
    expect(list.items[0]).toMatchObject({ _id: STARTER_COURSE._id, builtIn: true, completed: 0 });
    const course = (
      await callRoute(handler, getCourse, { token: a.operator.token, params: { id: STARTER_COURSE._id } })
    ).body as CourseView;
    expect(JSON.stringify(course.lessons[0]?.quiz)).not.toContain('answer');

    const needsAnswer = await callRoute(handler, completeLesson, {
      token: a.operator.token,
      params: { id: STARTER_COURSE._id, lesson: lessonWithQuiz._id },
      body: {},
    });
    expect(needsAnswer.body).toMatchObject({ field: 'answer' });
    const wrong = await callRoute(handler, completeLesson, {
      token: a.operator.token,
      params: { id: STARTER_COURSE._id, lesson: lessonWithQuiz._id },
      body: { answer: 2 },
    });
    expect(wrong.body).toMatchObject({ correct: false, course: { completed: 0 } });
    const right = await callRoute(handler, completeLesson, {
      token: a.operator.token,
      params: { id: STARTER_COURSE._id, lesson: lessonWithQuiz._id },
      body: { answer: 0 },
    });
    expect(right.body).toMatchObject({ correct: true, course: { completed: 1 } });
    await callRoute(handler, completeLesson, {
      token: a.operator.token,
      params: { id: STARTER_COURSE._id, lesson: lessonWithout._id },
      body: {},
    });
    const mine = (await callRoute(handler, listCourses, { token: a.operator.token })).body as {
      items: CourseSummary[];
    };
    expect(mine.items[0]?.completed).toBe(2);
    const theirs = (await callRoute(handler, listCourses, { token: a.manager.token })).body as {
      items: CourseSummary[];
    };
    expect(theirs.items[0]?.completed).toBe(0);

    const team = await callRoute(handler, courseTeamProgress, {
      token: a.admin.token,
      params: { id: STARTER_COURSE._id },
    });
    expect(team.body).toMatchObject({
      lessons: 4,
      items: [{ employee: a.operator.id, name: 'Operador Bruno', completed: 2 }],
    });
    expect(
      (
        await callRoute(handler, courseTeamProgress, {
          token: b.admin.token,
          params: { id: STARTER_COURSE._id },
        })
      ).body,
    ).toMatchObject({ items: [] });
    expect(
      (
        await callRoute(handler, courseTeamProgress, {
          token: a.operator.token,
          params: { id: STARTER_COURSE._id },
        })
      ).status,
    ).toBe(403);
  });

  it('lets admins add a course for their team only, with sanitized lessons', async () => {
    const body = {
      title: 'Atendimento da loja',
      description: 'Como tratamos trocas.',
      lessons: [
        {
          title: 'Trocas',
          body: '<p>Prazo de <strong>7 dias</strong>.</p><img src="https://exemplo.com/troca.png" alt="troca"><script>x()</script>',
          video_url: 'https://www.youtube.com/watch?v=abc',
          quiz: { question: 'Qual o prazo?', options: ['7 dias', '30 dias'], answer: 0 },
        },
      ],
    };
    expect((await callRoute(handler, createCourse, { token: a.manager.token, body })).status).toBe(403);
    const created = await callRoute(handler, createCourse, { token: a.admin.token, body });
    expect(created.status).toBe(201);
    const course = created.body as CourseView;
    expect(course.lessons[0]?.body).toBe(
      '<p>Prazo de <strong>7 dias</strong>.</p><img src="https://exemplo.com/troca.png" alt="troca" />',
    );
    expect(
      (await callRoute(handler, getCourse, { token: b.admin.token, params: { id: course._id } })).status,
    ).toBe(404);
    const badAnswer = await callRoute(handler, createCourse, {
      token: a.admin.token,
      body: {
        ...body,
        lessons: [{ ...body.lessons[0], quiz: { question: 'q', options: ['a', 'b'], answer: 5 } }],
      },
    });
    expect(badAnswer.status).toBe(400);
    const httpVideo = await callRoute(handler, createCourse, {
      token: a.admin.token,
      body: { ...body, lessons: [{ ...body.lessons[0], video_url: 'http://x.com/v' }] },
    });
    expect(httpVideo.status).toBe(400);
  });
});
