import { defineRoute } from '../types.ts';
import { widgetMessagesPage, widgetMessagesQuery, widgetParams } from './views.ts';

/** The visitor's own conversation on this widget (visitor token required). */
export const listWidgetMessages = defineRoute({
  id: 'widget.listMessages',
  method: 'GET',
  path: '/widget/{widgetId}/messages',
  domain: 'widget',
  auth: 'public',
  params: widgetParams,
  query: widgetMessagesQuery,
  response: widgetMessagesPage,
});
