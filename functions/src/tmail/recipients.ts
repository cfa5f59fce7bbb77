import { tmailPtBR } from '@atende/shared/i18n/pt-BR';
import { employeeEntity } from '../auth/entities.ts';
import { readCompanyItem } from '../company/store.ts';
import { flatten, locate, readTree } from '../departments/tree.ts';
import { batchGetInOrder } from '../lib/dynamo/batch-get.ts';
import { Invalid } from '../lib/errors.ts';

export interface Person {
  _id: string;
  name: string;
}

/** Names of the company's employees among `ids`; ids of other companies are simply not found. */
export async function employeeNames(companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const items = await batchGetInOrder(
    [...new Set(ids)].map((id) => employeeEntity.key(companyId, id)),
    { attributes: ['_id', 'name', 'inactive'] },
  );
  return new Map(
    items.filter((item) => item.inactive !== true).map((item) => [String(item._id), String(item.name)]),
  );
}

/**
 * Who a T-mail reaches: the named people plus every member of the named departments and their
 * sub-departments, without the sender. A person or department of another company is a 400 on its field.
 */
export async function resolveRecipients(
  companyId: string,
  senderId: string,
  employees: readonly string[],
  departments: readonly string[],
) {
  const tree = departments.length > 0 ? readTree((await readCompanyItem(companyId)).departments) : [];
  const namedDepartments: Person[] = [];
  const members: string[] = [];
  for (const id of departments) {
    const found = locate(tree, id);
    if (!found) throw new Invalid('departments', tmailPtBR.unknownDepartment);
    namedDepartments.push({ _id: id, name: found.node.name });
    members.push(...flatten([found.node]).flatMap((node) => node.employees));
  }
  const names = await employeeNames(companyId, [...employees, ...members, senderId]);
  if (employees.some((id) => !names.has(id))) throw new Invalid('employees', tmailPtBR.unknownRecipient);
  const recipients = [...new Set([...employees, ...members])].filter(
    (id) => id !== senderId && names.has(id),
  );
  if (recipients.length === 0) throw new Invalid('employees', tmailPtBR.onlySelf);
  return {
    recipients,
    to: [...new Set(employees)].map((id) => ({ _id: id, name: names.get(id) ?? '' })),
    departments: namedDepartments,
    sender: { _id: senderId, name: names.get(senderId) ?? '' },
  };
}
