import {
  completeLesson,
  courseTeamProgress,
  createCourse,
  getCourse,
  listCourses,
} from '@atende/shared/contracts/academy/routes';
import type { courseInput } from '@atende/shared/contracts/academy/views';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type CourseInput = z.input<typeof courseInput>;

export const academyKeys = {
  all: ['academy'] as const,
  list: ['academy', 'list'] as const,
  course: (id: string) => ['academy', 'course', id] as const,
  team: (id: string) => ['academy', 'team', id] as const,
};

export const academyApi = {
  list: () => callRoute(listCourses),
  course: (id: string) => callRoute(getCourse, { params: { id } }),
  create: (body: CourseInput) => callRoute(createCourse, { body }),
  complete: (id: string, lesson: string, answer: number | undefined) =>
    callRoute(completeLesson, { params: { id, lesson }, body: answer === undefined ? {} : { answer } }),
  team: (id: string) => callRoute(courseTeamProgress, { params: { id } }),
};
