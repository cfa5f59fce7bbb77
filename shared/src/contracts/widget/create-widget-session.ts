import { defineRoute } from '../types.ts';
import { widgetParams, widgetSession, widgetSessionBody } from './views.ts';

/** Starts a visitor: answers the visitor id and the visitor token the other widget routes require. */
export const createWidgetSession = defineRoute({
  id: 'widget.createSession',
  method: 'POST',
  path: '/widget/{widgetId}/sessions',
  domain: 'widget',
  auth: 'public',
  params: widgetParams,
  body: widgetSessionBody,
  response: widgetSession,
  successStatus: 201,
  maxBodyBytes: 4096,
});
