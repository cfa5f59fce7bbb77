import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR, suggestionsPtBR } from '../../i18n/pt-BR.ts';
import { SUGGESTION_STATUSES } from '../../rules/suggestion-status.ts';
import { defineRoute } from '../types.ts';

const ADMIN = { roles: ['admin'] } as const;
const required = formsPtBR.requiredField;

export const suggestionView = z.object({
  _id: objectId,
  title: z.string(),
  description: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  author: z.object({ _id: objectId, name: z.string() }),
  created_at: z.string(),
  votes: z.number().int().nonnegative(),
  voted: z.boolean(),
  mine: z.boolean(),
  /** The last status change, who made it and when; null while the suggestion is as it was received. */
  status_changed: z.object({ at: z.string(), by: z.string() }).nullable(),
});
export type SuggestionView = z.infer<typeof suggestionView>;

/** app/sugestions (admin): the company's suggestions, most voted first. */
export const listSuggestions = defineRoute({
  id: 'suggestions.list',
  method: 'GET',
  path: '/suggestions',
  domain: 'suggestions',
  auth: 'employee',
  access: ADMIN,
  response: z.object({ items: z.array(suggestionView) }),
});

export const suggestionBody = z.object({
  title: z.string({ error: required }).trim().min(1, required).max(120),
  description: z.string({ error: required }).trim().min(1, required).max(4000),
});

export const createSuggestion = defineRoute({
  id: 'suggestions.create',
  method: 'POST',
  path: '/suggestions',
  domain: 'suggestions',
  auth: 'employee',
  access: ADMIN,
  body: suggestionBody,
  response: suggestionView,
  successStatus: 201,
  maxBodyBytes: 16_384,
});

/** One vote per admin on another's suggestion. */
export const voteSuggestion = defineRoute({
  id: 'suggestions.vote',
  method: 'POST',
  path: '/suggestions/{id}/vote',
  domain: 'suggestions',
  auth: 'employee',
  access: ADMIN,
  params: z.object({ id: objectId }),
  response: suggestionView,
});

/** An admin moves a suggestion along its review (rules/suggestion-status.ts); the author sees it in the list. */
export const updateSuggestionStatus = defineRoute({
  id: 'suggestions.status',
  method: 'PATCH',
  path: '/suggestions/{id}/status',
  domain: 'suggestions',
  auth: 'employee',
  access: ADMIN,
  params: z.object({ id: objectId }),
  body: z.object({ status: z.enum(SUGGESTION_STATUSES, { error: suggestionsPtBR.invalidStatus }) }),
  response: suggestionView,
  maxBodyBytes: 256,
});
