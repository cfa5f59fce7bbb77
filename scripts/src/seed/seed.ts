import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PLAN_FEATURES } from '@atende/shared/contracts/account/catalogue';
import type { CompanyView } from '@atende/shared/contracts/account/views';
import { PLAN_ACCESS_ROLLOUT, type Role } from '@atende/shared/domain/constants';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { allModules, newEmployee } from '@atende/functions/account/defaults';
import { DEFAULT_COMPANY_PERMISSIONS } from '@atende/shared/rules/permission-scope';
import type { CompanyRecord } from '@atende/functions/account/records';
import { toCompanyView } from '@atende/functions/account/records';
import { getCompany } from '@atende/functions/account/store';
import { keys } from '@atende/functions/auth/keys';
import { hashPassword } from '@atende/functions/auth/password';
import { companyItem, employeeItems, writeAtomically } from '@atende/functions/auth/store';
import { clients } from '@atende/functions/lib/clients';
import { config } from '@atende/functions/lib/config';
import { AppError } from '@atende/functions/lib/errors';

/** Fixed ids, so the demo company is the same one on every machine and every restart. */
export const DEMO = {
  companyId: 'de0000000000000000000001',
  departments: { sales: 'de00000000000000000000d1', support: 'de00000000000000000000d2' },
  employees: {
    admin: { id: 'de00000000000000000000a1', name: 'Admin Demo', email: 'admin@demo.atende.local' },
    manager: { id: 'de00000000000000000000a2', name: 'Gestor Demo', email: 'manager@demo.atende.local' },
    operator: { id: 'de00000000000000000000a3', name: 'Operador Demo', email: 'operator@demo.atende.local' },
  },
  notificationId: 'de00000000000000000000c1',
} as const;

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

export interface DemoSeed {
  company: CompanyView;
  logins: DemoLogin[];
}

const ROLES_IN_ORDER: Role[] = ['admin', 'manager', 'operator'];

/** Where the generated password is kept, so every later run prints the same logins. */
const seedKey = () => ({ pk: `C#${DEMO.companyId}#SEED`, sk: 'DEMO' });

const loginsWith = (password: string): DemoLogin[] =>
  ROLES_IN_ORDER.map((role) => ({ role, email: DEMO.employees[role].email, password }));

function demoCompany(now: Date): CompanyRecord {
  const department = (id: string, name: string, employees: string[], tagColor: string) => ({
    _id: id,
    name,
    label: name,
    employees,
    sub_departments: [],
    tag_color: tagColor,
    view_all_contacts: false,
  });
  return {
    _id: DEMO.companyId,
    name: 'Empresa Demo',
    cnpj: '00000000000191',
    account_type: 'professional',
    internal_plan_code: 'professional',
    account_is_trial: false,
    account_disabled: false,
    dueDate: null,
    data_trial: null,
    modules: allModules(1),
    settings: {
      timezone: 'America/Fortaleza',
      faqModule: { mode: 'normal', admins: [], managers: [], creators: [] },
    },
    permissions: { ...DEFAULT_COMPANY_PERMISSIONS },
    departments: [
      department(DEMO.departments.sales, 'Vendas', [DEMO.employees.operator.id], '#1e88e5'),
      department(DEMO.departments.support, 'Suporte', [], '#43a047'),
    ],
    whatsapps: {},
    official_whatsapps: {},
    created_at: now.toISOString(),
    rollouts: [
      PLAN_ACCESS_ROLLOUT,
      ROLLOUTS.aiSmartAssistant,
      ROLLOUTS.newFrontendEditor,
      ROLLOUTS.customFields,
      // As for every new company (functions/src/account/defaults.ts): the manager permissions take effect.
      ROLLOUTS.manager,
    ],
    rollout_blacklist: [],
    plan_features: [...PLAN_FEATURES],
  };
}

async function storedSeed(): Promise<DemoSeed | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: seedKey(), ConsistentRead: true }),
  );
  if (typeof Item?.password !== 'string') return undefined;
  const company = await getCompany(DEMO.companyId);
  if (!company) throw new Error('demo seed record exists without its company');
  return { company: toCompanyView(company), logins: loginsWith(Item.password) };
}

/**
 * Creates the demo company (professional plan, every module and plan feature on, permissions at least privilege, the
 * plan-access rollout on, two departments) with an admin, a manager and an operator, all in one
 * transaction. Idempotent: once the seed record exists nothing is written again and the same logins are
 * returned. The password is SEED_PASSWORD, or generated once and kept in the seed record.
 */
export async function seedDemo(now = new Date()): Promise<DemoSeed> {
  const stage = config().stage;
  if (stage === 'prod' || stage === 'production') throw new Error('the demo seed never runs in production');
  const existing = await storedSeed();
  if (existing) return existing;

  const password = process.env.SEED_PASSWORD || randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const company = demoCompany(now);
  const employees = ROLES_IN_ORDER.map((role) =>
    newEmployee({
      id: DEMO.employees[role].id,
      companyId: DEMO.companyId,
      name: DEMO.employees[role].name,
      email: DEMO.employees[role].email,
      role,
      isRoot: role === 'admin',
      now,
      // Demo logins are printed for the developer to use as they are.
      passwordSetByAdmin: false,
    }),
  );
  const table = config().mainTable;
  try {
    await writeAtomically([
      companyItem(company),
      ...employees.flatMap((employee) => employeeItems(employee, passwordHash)),
      {
        Put: {
          TableName: table,
          Item: {
            pk: keys.modalNotifications(DEMO.companyId),
            sk: keys.modalNotificationSort('professional', 'all', DEMO.notificationId),
            entity: 'modalNotification',
            _id: DEMO.notificationId,
            title: 'Bem-vindo ao ambiente de demonstração',
            message: 'Explore os módulos com os usuários de demonstração.',
            type: 'info',
            duration: 2000,
            permanent: false,
          },
        },
      },
      {
        Put: {
          TableName: table,
          Item: { ...seedKey(), entity: 'seed', password, createdAt: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (error) {
    // Another run seeding at the same moment wins the transaction; its logins are the ones to return.
    if (error instanceof AppError && error.statusCode === 409) {
      const winner = await storedSeed();
      if (winner) return winner;
    }
    throw error;
  }
  return { company: toCompanyView(company), logins: loginsWith(password) };
}
