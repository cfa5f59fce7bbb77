import { defineRoute } from '../types.ts';
import { widgetMessageAccepted, widgetMessageBody, widgetParams } from './views.ts';

/** A visitor writes (visitor token required); the message goes to the inbound queue, hence 202. */
export const postWidgetMessage = defineRoute({
  id: 'widget.postMessage',
  method: 'POST',
  path: '/widget/{widgetId}/messages',
  domain: 'widget',
  auth: 'public',
  params: widgetParams,
  body: widgetMessageBody,
  response: widgetMessageAccepted,
  successStatus: 202,
  maxBodyBytes: 65_536,
});
