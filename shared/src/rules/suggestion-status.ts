/** Suggestion statuses, in review order; a new suggestion is received. */
export const SUGGESTION_STATUSES = ['received', 'reviewing', 'planned', 'done', 'declined'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/**
 * Where an admin may move a suggestion from each status: forward through the review, declined from any open
 * status, a declined one back into review (reconsidered); done is final.
 */
export const SUGGESTION_TRANSITIONS: Readonly<Record<SuggestionStatus, readonly SuggestionStatus[]>> = {
  received: ['reviewing', 'declined'],
  reviewing: ['planned', 'declined'],
  planned: ['done', 'declined'],
  done: [],
  declined: ['reviewing'],
};

export const canMoveSuggestion = (from: SuggestionStatus, to: SuggestionStatus): boolean =>
  SUGGESTION_TRANSITIONS[from].includes(to);
