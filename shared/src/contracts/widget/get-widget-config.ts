import { defineRoute } from '../types.ts';
import { widgetConfig, widgetParams } from './views.ts';

export const getWidgetConfig = defineRoute({
  id: 'widget.getConfig',
  method: 'GET',
  path: '/widget/{widgetId}/config',
  domain: 'widget',
  auth: 'public',
  params: widgetParams,
  response: widgetConfig,
});
