// Apart from insight-views.ts: the assistant's turn records these on every unanswered question, without the
// insight routes' schemas.

/** Why a question went unanswered: no support in the knowledge, low confidence, or the model chose to hand off. */
export const UNANSWERED_REASONS = ['unsupported', 'threshold', 'skill'] as const;
