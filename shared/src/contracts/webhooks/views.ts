import * as z from 'zod';
import { WEBHOOK_PROVIDERS } from '../integrations/views.ts';
import { objectId } from '../../domain/object-id.ts';

export const webhookParams = z.object({ provider: z.enum(WEBHOOK_PROVIDERS), integrationId: objectId });
