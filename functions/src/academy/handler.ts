import {
  completeLesson,
  courseTeamProgress,
  createCourse,
  getCourse,
  listCourses,
} from '@atende/shared/contracts/academy/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listCourses, ({ auth }) => service.listCourses(auth)),
    route(getCourse, ({ auth, params }) => service.getCourse(auth, params.id)),
    route(createCourse, ({ auth, body }) => service.createCourse(auth, body)),
    route(completeLesson, ({ auth, params, body }) =>
      service.completeLesson(auth, params.id, params.lesson, body.answer),
    ),
    route(courseTeamProgress, ({ auth, params }) => service.teamProgress(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
