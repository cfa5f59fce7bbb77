import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { conversationIdParams, conversationView, messageView } from './views.ts';

/** The exported transcript page (spec point 2): the conversation and every message, oldest first. */
export const transcriptView = z.object({
  company: z.object({ name: z.string() }),
  conversation: conversationView,
  messages: z.array(messageView),
});
export type TranscriptView = z.infer<typeof transcriptView>;

export const getTranscript = defineRoute({
  id: 'conversations.transcript',
  method: 'GET',
  path: '/conversations/{id}/transcript',
  domain: 'conversations',
  auth: 'employee',
  params: conversationIdParams,
  response: transcriptView,
});
