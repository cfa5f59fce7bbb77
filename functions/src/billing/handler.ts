import {
  getConsumption,
  getFinance,
  getMyPlan,
  requestPlanChange,
} from '@atende/shared/contracts/billing/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(getMyPlan, ({ auth }) => service.myPlan(auth)),
    route(requestPlanChange, ({ auth, body }) => service.requestPlanChange(auth, body)),
    route(getConsumption, ({ auth, query }) => service.consumption(auth, query.month)),
    route(getFinance, ({ auth }) => service.finance(auth)),
  ],
  { accessContext: loadAccessContext },
);
