import {
  getConsumption,
  getFinance,
  getGupshupBalance,
  getMyPlan,
  requestPlanChange,
} from '@atende/shared/contracts/billing/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { gupshupBalances } from './gupshup-balance.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(getMyPlan, ({ auth }) => service.myPlan(auth)),
    route(requestPlanChange, ({ auth, body }) => service.requestPlanChange(auth, body)),
    route(getConsumption, ({ auth, query }) => service.consumption(auth, query.month)),
    route(getFinance, ({ auth }) => service.finance(auth)),
    route(getGupshupBalance, ({ auth }) => gupshupBalances(auth)),
  ],
  { accessContext: loadAccessContext },
);
