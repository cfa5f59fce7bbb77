import { employeeRecord, type EmployeeRecord } from '../account/records.ts';
import { defineEntity } from '../lib/dynamo/entity.ts';
import { searchableName } from './keys.ts';

/**
 * The employee profile, declared once. Its credential and sessions share its partition (auth/keys.ts).
 *
 * - employee: pk C#<cid>#EMPLOYEE#<id>  sk PROFILE
 *     index "all"   (gsi1) C#<cid>#EMPLOYEES / <id>                       the employees of a company
 *     index "name"  (gsi2) C#<cid>#EMPLOYEE_NAMES / <searchable name>#<id> prefix search by name
 *     index "email" (gsi3) C#<cid>#EMPLOYEE_EMAILS / <email>#<id>          prefix search by e-mail
 */
export const employeePartition = (companyId: string, employeeId: string) =>
  `C#${companyId}#EMPLOYEE#${employeeId}`;

type Indexed = Pick<EmployeeRecord, '_id' | 'company' | 'name' | 'email'>;

const allPartition = (companyId: string) => `C#${companyId}#EMPLOYEES`;
const namePartition = (companyId: string) => `C#${companyId}#EMPLOYEE_NAMES`;
const emailPartition = (companyId: string) => `C#${companyId}#EMPLOYEE_EMAILS`;

export const employeeEntity = defineEntity({
  name: 'employee',
  schema: employeeRecord,
  key: (companyId: string, employeeId: string) => ({
    pk: employeePartition(companyId, employeeId),
    sk: 'PROFILE',
  }),
  keyOf: (record: EmployeeRecord) => [record.company, record._id] as [string, string],
  indexes: {
    all: {
      index: 'gsi1',
      partition: allPartition,
      of: (record: EmployeeRecord) => ({ pk: allPartition(record.company), sk: record._id }),
    },
    name: {
      index: 'gsi2',
      partition: namePartition,
      of: (record: EmployeeRecord) => nameKeys(record),
    },
    email: {
      index: 'gsi3',
      partition: emailPartition,
      of: (record: EmployeeRecord) => emailKeys(record),
    },
  },
});

function nameKeys(employee: Indexed) {
  return { pk: namePartition(employee.company), sk: `${searchableName(employee.name)}#${employee._id}` };
}

function emailKeys(employee: Indexed) {
  return { pk: emailPartition(employee.company), sk: `${employee.email}#${employee._id}` };
}

/** The index attributes that make an employee findable by name or e-mail prefix. */
export function employeeSearchAttributes(employee: Indexed) {
  const byName = nameKeys(employee);
  const byEmail = emailKeys(employee);
  return { gsi2pk: byName.pk, gsi2sk: byName.sk, gsi3pk: byEmail.pk, gsi3sk: byEmail.sk };
}
