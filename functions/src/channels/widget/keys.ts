/**
 * Keys of the site-widget channel. A visitor's partition holds their profile, their transcript (what they
 * wrote and what operators answered, in order) and the idempotency markers of both directions:
 *   pk C#<cid>#WIDGET#<wid>#VISITOR#<vid>#
 *   sk PROFILE | MSG#<epoch ms, 13 digits>#<id> | IN#<client message id> | OUT#<engine message id>
 * Rate-limit windows: pk C#<cid>#WIDGET#<wid>#RATE#<kind>#<subject>#, sk <window start>, expiring with it.
 */
export const widgetKeys = {
  visitorPk: (companyId: string, widgetId: string, visitorId: string) =>
    `C#${companyId}#WIDGET#${widgetId}#VISITOR#${visitorId}#`,
  profile: 'PROFILE',
  messagePrefix: 'MSG#',
  message: (at: Date, id: string) => `MSG#${String(at.getTime()).padStart(13, '0')}#${id}`,
  inbound: (clientMessageId: string) => `IN#${clientMessageId}`,
  outbound: (messageId: string) => `OUT#${messageId}`,
  rate: (companyId: string, widgetId: string, kind: string, subject: string) =>
    `C#${companyId}#WIDGET#${widgetId}#RATE#${kind}#${subject}#`,
};
