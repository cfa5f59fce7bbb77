import { defineRoute } from '../types.ts';
import { tmailDetail, tmailIdParams } from './views.ts';

/** One T-mail of the caller (sender or recipient), with download links; opening it marks it read. */
export const getTmail = defineRoute({
  id: 'tmail.get',
  method: 'GET',
  path: '/tmail/{id}',
  domain: 'tmail',
  auth: 'employee',
  params: tmailIdParams,
  response: tmailDetail,
});
