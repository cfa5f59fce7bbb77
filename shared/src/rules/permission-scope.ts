import { MANAGER_COMPANY_PERMISSIONS, OPERATOR_PERMISSIONS } from '../domain/constants.ts';

/**
 * How far an operator sees other people's conversations: one choice, not independent boxes. The flags that
 * carry it contradict each other when several are on ("Ver todos os atendimentos" and "Ver atendimentos apenas
 * do seu departamento"), so they are offered as a radio and read as the narrowest one that is on.
 * Narrowest first: own department, every department, everything (chatbot conversations included).
 */
export const OPERATOR_SCOPE_FLAGS = [
  'allow_spies_based_on_your_department',
  'allow_spies',
  'display_all_attendances',
] as const;
export type OperatorScopeFlag = (typeof OPERATOR_SCOPE_FLAGS)[number];
export type OperatorScope = 'own' | OperatorScopeFlag;

/** The scope stored flags give: the narrowest flag that is on (least privilege wins a contradiction). */
export function operatorScopeOf(permissions: Readonly<Record<string, boolean | undefined>>): OperatorScope {
  return OPERATOR_SCOPE_FLAGS.find((flag) => permissions[flag] === true) ?? 'own';
}

/** The operator flags with exactly the chosen scope's flag on. */
export function withOperatorScope<T extends Record<string, boolean>>(
  permissions: T,
  scope: OperatorScope,
): T {
  const next: Record<string, boolean> = { ...permissions };
  for (const flag of OPERATOR_SCOPE_FLAGS) next[flag] = flag === scope;
  return next as T;
}

/**
 * Least privilege: a company starts with every permission off (operators see their own conversations and
 * their departments' queues); the admin opens the rest, one by one, in Configurações › Permissões.
 */
export const DEFAULT_COMPANY_PERMISSIONS: Readonly<Record<string, boolean>> = Object.fromEntries(
  [...MANAGER_COMPANY_PERMISSIONS, ...OPERATOR_PERMISSIONS].map((name) => [name, false]),
);
