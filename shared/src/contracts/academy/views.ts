import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

export const quizSchema = z.object({
  question: z.string().trim().min(1, required).max(300),
  options: z.array(z.string().trim().min(1, required).max(200)).min(2).max(6),
  /** Index of the right option. */
  answer: z.number().int().nonnegative(),
});

const lessonFields = z.object({
  title: z.string().trim().min(1, required).max(150),
  body: z.string().trim().min(1, required).max(50_000),
  video_url: z.url({ protocol: /^https$/ }).optional(),
  quiz: quizSchema.optional(),
});
const answerIsAnOption = {
  check: (lesson: { quiz?: { answer: number; options: string[] } | undefined }) =>
    !lesson.quiz || lesson.quiz.answer < lesson.quiz.options.length,
  message: 'A resposta certa deve ser uma das opções.',
};

/** A lesson as an admin writes it: text (HTML with images), an optional https video link, an optional quiz. */
export const lessonInput = lessonFields.refine(answerIsAnOption.check, {
  message: answerIsAnOption.message,
  path: ['quiz', 'answer'],
});
export const lessonSchema = lessonFields.extend({ _id: objectId }).refine(answerIsAnOption.check, {
  message: answerIsAnOption.message,
  path: ['quiz', 'answer'],
});
export type Lesson = z.infer<typeof lessonSchema>;

export const courseInput = z.object({
  title: z.string().trim().min(1, required).max(150),
  description: z.string().trim().max(1000).default(''),
  lessons: z.array(lessonInput).min(1).max(50),
});

export const courseSchema = z.object({
  _id: objectId,
  title: z.string().trim().min(1, required).max(150),
  description: z.string().trim().max(1000),
  lessons: z.array(lessonSchema).min(1).max(50),
});
export type Course = z.infer<typeof courseSchema>;

/** A lesson as a learner sees it: the quiz without its answer. */
export const lessonView = z.object({
  _id: objectId,
  title: z.string(),
  body: z.string(),
  video_url: z.string().optional(),
  quiz: z.object({ question: z.string(), options: z.array(z.string()) }).optional(),
  completed: z.boolean(),
});

export const courseSummary = z.object({
  _id: objectId,
  title: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  lessons: z.number().int(),
  completed: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const courseView = courseSummary.omit({ lessons: true }).extend({ lessons: z.array(lessonView) });
export type CourseView = z.infer<typeof courseView>;
