/**
 * Strings of the CSV-upload audiences (issue 14), pt-BR. Kept apart from the catalogue every Lambda bundles:
 * only the campaigns handler and the audience screen read them.
 */
export const csvAudiencePtBR = {
  open: 'Importar CSV',
  title: 'Lista de público a partir de um CSV',
  file: 'Arquivo CSV',
  pickFile: 'Escolher arquivo',
  close: 'Fechar',
  fileHint: 'Uma linha por contato, com uma coluna de telefone. Até 10.000 linhas e 2 MB.',
  phoneColumn: 'Coluna do telefone',
  nameColumn: 'Coluna do nome (opcional)',
  variableColumns: 'Colunas de variáveis (opcional)',
  submit: 'Importar lista',
  processing: 'Lendo o arquivo e conferindo os números...',
  result: 'Linhas aceitas: {{accepted}} de {{rows}}. Contatos novos criados: {{created}}.',
  errorsTitle: 'Linhas recusadas',
  row: 'Linha',
  phone: 'Telefone',
  reason: 'Motivo',
  fileRequired: 'Escolha um arquivo CSV.',
  columnRequired: 'Escolha a coluna do telefone.',
  unreadable: 'Não foi possível ler o arquivo. Envie um CSV válido.',
  tooLarge: 'O arquivo passa de 2 MB.',
  tooManyRows: 'O arquivo tem mais de {{max}} linhas.',
  missingColumn: 'Coluna não encontrada no arquivo: {{column}}.',
  noRows: 'Nenhuma linha válida no arquivo.',
  reasons: {
    invalidPhone: 'Telefone inválido ou ausente.',
    duplicateInFile: 'Telefone repetido no arquivo.',
    blacklisted: 'Contato na lista de bloqueio.',
    invalidName: 'Nome inválido.',
  },
  source: 'CSV: {{file}} (contatos: {{accepted}})',
  csvVariable: 'Coluna do CSV: {{column}}',
  csvVariableWithoutList:
    'Esta variável vem de uma coluna de CSV: escolha como público a lista importada que tem essa coluna.',
} as const;
