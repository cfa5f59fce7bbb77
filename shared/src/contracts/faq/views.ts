import * as z from 'zod';
import { faqRoleSchema } from '../../domain/employee.ts';
import { objectId } from '../../domain/object-id.ts';
import { faqModuleSettingSchema } from '../../domain/organization.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

export const FAQ_STATUSES = ['draft', 'published', 'archived'] as const;
export const faqStatus = z.enum(FAQ_STATUSES);
export type FaqStatus = z.infer<typeof faqStatus>;

/** Longest article body accepted, in characters of sanitized HTML. */
export const FAQ_MAX_BODY = 100_000;

export const faqSetupView = z.object({
  /** The caller's FAQ role; none means read and search only. */
  role: faqRoleSchema.nullable(),
  /** Whether an FAQ admin saved the settings yet (the init page until then). */
  configured: z.boolean(),
  setting: faqModuleSettingSchema,
});
export type FaqSetupView = z.infer<typeof faqSetupView>;

export const faqCategoryView = z.object({ _id: objectId, name: z.string() });
export type FaqCategoryView = z.infer<typeof faqCategoryView>;
export const faqCategoryBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(60),
});

export const faqAttachment = z.object({
  upload_id: objectId,
  file_name: z.string().trim().min(1).max(256),
  mime_type: z.string().trim().min(1).max(128),
  size: z.number().int().positive(),
});
export const faqAttachmentView = faqAttachment.extend({ url: z.string().optional() });

/** The editable fields; `body` is rich text (HTML), sanitized by the server against an allowlist. */
export const faqArticleBody = z.object({
  title: z.string({ error: required }).trim().min(1, required).max(200),
  body: z.string({ error: required }).trim().min(1, required).max(FAQ_MAX_BODY),
  category: objectId.nullable().default(null),
  attachments: z.array(faqAttachment).max(10).default([]),
});

export const faqContent = z.object({
  title: z.string(),
  body: z.string(),
  category: objectId.nullable(),
  attachments: z.array(faqAttachmentView),
});

/** An article as readers see it: its published version. */
export const faqPublishedView = faqContent.extend({
  _id: objectId,
  version: z.number().int().positive(),
  published_at: z.iso.datetime(),
  views: z.number().int().nonnegative(),
  helpful: z.number().int().nonnegative(),
  not_helpful: z.number().int().nonnegative(),
});
export type FaqPublishedView = z.infer<typeof faqPublishedView>;

/** An article as editors see it: the draft, the published version if any, and the counters. */
export const faqArticleView = z.object({
  _id: objectId,
  status: faqStatus,
  draft: faqContent,
  published: faqContent
    .extend({ version: z.number().int().positive(), published_at: z.iso.datetime() })
    .optional(),
  /** The draft differs from what readers see. */
  has_unpublished_changes: z.boolean(),
  author: z.object({ _id: objectId, name: z.string() }),
  updated_at: z.iso.datetime(),
  views: z.number().int().nonnegative(),
  helpful: z.number().int().nonnegative(),
  not_helpful: z.number().int().nonnegative(),
});
export type FaqArticleView = z.infer<typeof faqArticleView>;

export const faqIdParams = z.object({ id: objectId });
