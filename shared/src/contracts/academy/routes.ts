import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { courseInput, courseSummary, courseView } from './views.ts';

const courseParams = z.object({ id: objectId });

/** app/academy (all): the starter course and the company's own courses, with the caller's progress. */
export const listCourses = defineRoute({
  id: 'academy.list',
  method: 'GET',
  path: '/academy/courses',
  domain: 'academy',
  auth: 'employee',
  response: z.object({ items: z.array(courseSummary) }),
});

/** player and overview: one course with its lessons and the caller's progress. */
export const getCourse = defineRoute({
  id: 'academy.get',
  method: 'GET',
  path: '/academy/courses/{id}',
  domain: 'academy',
  auth: 'employee',
  params: courseParams,
  response: courseView,
});

/** Admins add courses to onboard their team; lesson ids are given by the server. */
export const createCourse = defineRoute({
  id: 'academy.create',
  method: 'POST',
  path: '/academy/courses',
  domain: 'academy',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: courseInput,
  response: courseView,
  successStatus: 201,
  maxBodyBytes: 524_288,
});

/** Completes a lesson; a lesson with a quiz completes only with the right answer. */
export const completeLesson = defineRoute({
  id: 'academy.complete',
  method: 'POST',
  path: '/academy/courses/{id}/lessons/{lesson}/complete',
  domain: 'academy',
  auth: 'employee',
  params: z.object({ id: objectId, lesson: objectId }),
  body: z.object({ answer: z.number().int().nonnegative().optional() }),
  response: z.object({ correct: z.boolean(), course: courseView }),
  maxBodyBytes: 256,
});

/** Overview for admins: each employee's progress in the course. */
export const courseTeamProgress = defineRoute({
  id: 'academy.team',
  method: 'GET',
  path: '/academy/courses/{id}/team',
  domain: 'academy',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: courseParams,
  response: z.object({
    lessons: z.number().int(),
    items: z.array(z.object({ employee: objectId, name: z.string(), completed: z.number().int() })),
  }),
});
