/**
 * Strings of a template's parameters (the chat's template picker and the send's checks), pt-BR. Kept apart
 * from the catalogue every Lambda bundles: only the sends and the picker read them.
 */
export const templateParamsPtBR = {
  error: 'Variável {{placeholder}} do {{part}}: {{reason}}',
  parts: { header: 'cabeçalho', body: 'texto' },
  required: 'preencha um valor.',
  unresolved: 'há uma variável sem valor para este contato.',
  lineBreak: 'não pode ter quebras de linha nem tabulações.',
  spaces: 'não pode ter mais de 4 espaços seguidos.',
  tooLong: 'use no máximo {{max}} caracteres.',
  tooMany: 'O {{part}} do template tem {{count}} variáveis: envie somente elas.',
  preview: 'Pré-visualização',
  headerLabel: 'Cabeçalho {{placeholder}}',
  bodyLabel: 'Texto {{placeholder}}',
  contactField: 'Campo do contato',
  contactFieldPlaceholder: 'Usar um campo do contato',
  fieldOptions: {
    customer_full_name: 'Nome completo do cliente',
    customer_first_name: 'Primeiro nome do cliente',
    'contact.email': 'E-mail do contato',
    'contact.cel_phone': 'Telefone do contato',
    employee_name: 'Seu nome',
    company_name: 'Nome da empresa',
  },
  fixHint: 'Corrija as variáveis do template antes de enviar.',
} as const;
