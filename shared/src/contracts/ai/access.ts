import { PLAN_FEATURES } from '../../domain/features.ts';
import type { AccessRule } from '../types.ts';

/**
 * Configuring AI (model, knowledge, assistants) is for admins on a plan with the AI assistants feature
 * (spec point 2: app/chatbot/ai and its pages are admin-only; the v2 pages add the smart-assistant rollout,
 * which only gates the new pages, not the API they share with the classic ones).
 */
export const AI_ADMIN_ACCESS = {
  roles: ['admin'],
  planFeatures: [PLAN_FEATURES.aiAssistants],
} as const satisfies AccessRule;

/** The copilot in the chat: every employee who answers conversations, on a plan with AI assistants. */
export const AI_COPILOT_ACCESS = {
  roles: 'all',
  planFeatures: [PLAN_FEATURES.aiAssistants],
} as const satisfies AccessRule;
