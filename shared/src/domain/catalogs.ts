/** Fixed catalogues of spec point 3 whose values the UI lists. */

/** Spec point 3, default variable properties, with the placeholder each one fills. */
export const DEFAULT_VARIABLE_PROPERTIES = [
  { key: 'company_name', label: 'Nome da empresa' },
  { key: 'company_cnpj', label: 'CNPJ' },
  { key: 'business_period', label: 'Período comercial' },
  { key: 'employee_name', label: 'Nome do funcionário' },
  { key: 'employee_email', label: 'E-mail do funcionário' },
  { key: 'customer_full_name', label: 'Nome completo do cliente' },
  { key: 'customer_first_name', label: 'Primeiro nome do cliente' },
  { key: 'chatbot_name', label: 'Nome do chatbot' },
  { key: 'protocol', label: 'Protocolo' },
  { key: 'cache', label: 'Cache' },
] as const;
export type DefaultVariableProperty = (typeof DEFAULT_VARIABLE_PROPERTIES)[number]['key'];

/** Spec point 3, default commands. */
export const DEFAULT_COMMANDS = [
  { key: 'list_commands', label: 'Listar comandos' },
  { key: 'list_employees', label: 'Listar funcionários' },
  { key: 'list_departments', label: 'Listar departamentos' },
  { key: 'list_flows', label: 'Listar fluxos' },
  { key: 'go_to_employee', label: 'Ir para funcionário' },
  { key: 'go_to_department', label: 'Ir para departamento' },
  { key: 'go_to_flow', label: 'Ir para fluxo' },
  { key: 'end_call', label: 'Encerrar atendimento' },
] as const;
export type DefaultCommand = (typeof DEFAULT_COMMANDS)[number]['key'];
