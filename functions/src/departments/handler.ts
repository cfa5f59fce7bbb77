import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { deleteDepartment } from '@atende/shared/contracts/departments/delete-department';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { updateDepartment } from '@atende/shared/contracts/departments/update-department';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listDepartments, ({ auth }) => service.listDepartments(auth)),
    route(createDepartment, ({ auth, body }) => service.createDepartment(auth, body)),
    route(updateDepartment, ({ auth, params, body }) => service.updateDepartment(auth, params.id, body)),
    route(deleteDepartment, ({ auth, params }) => service.deleteDepartment(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
