import { checkEmployeeEmail } from '@atende/shared/contracts/employees/check-email';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import { getEmployee } from '@atende/shared/contracts/employees/get-employee';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { loadAccessContext } from '../company/access-context.ts';
import {
  cancelCompanyInvitation,
  listCompanyInvitations,
} from '@atende/shared/contracts/employees/invitations';
import { createHttpHandler, route } from '../lib/http.ts';
import * as invitations from './invite.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listEmployees, ({ auth, query }) => service.listEmployees(auth, query)),
    route(checkEmployeeEmail, ({ auth, query }) => service.checkEmail(auth, query.email)),
    route(listCompanyInvitations, ({ auth }) => invitations.listCompanyInvitations(auth)),
    route(cancelCompanyInvitation, ({ auth, params }) =>
      invitations.cancelCompanyInvitation(auth, params.email),
    ),
    route(createEmployee, ({ auth, body }) => service.createEmployee(auth, body)),
    route(getEmployee, ({ auth, params }) => service.getEmployee(auth, params.id)),
    route(updateEmployee, ({ auth, params, body }) => service.updateEmployee(auth, params.id, body)),
  ],
  { accessContext: loadAccessContext },
);
