import { defineRoute } from '../types.ts';
import { sendTmailBody, tmailDetail } from './views.ts';

/** app/t-mail (all): sends to people and departments of the company; each recipient gets `tmail-new`. */
export const sendTmail = defineRoute({
  id: 'tmail.send',
  method: 'POST',
  path: '/tmail',
  domain: 'tmail',
  auth: 'employee',
  body: sendTmailBody,
  response: tmailDetail,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
