import { enqueueInbound } from '../../conversations/enqueue.ts';
import { createWidgetHandler } from './routes.ts';

/** The widget domain's Lambda: the public widget routes, handing visitor messages to the inbound queue. */
export const handler = createWidgetHandler({ enqueue: enqueueInbound });
