/**
 * The strings the sign-in screen needs at first paint: the web app loads these with its entry and the rest of the
 * catalogue (pt-BR.ts, which includes them) only when a signed-in page opens.
 */
export const errorsPtBR = {
  pageTitle: 'Ooops... looks like an error occurred!',
  goBackHome: 'Voltar para o início',
  accountBlocked: 'Conta bloqueada. Contate o suporte.',
  processFailed: 'Error ao realizar processo.',
  sendMessageFailed: 'Erro ao tentar enviar mensagem.',
  whatsappDisconnectedSend:
    'Whatsapp: Não é possível enviar mensagens, pois a {{integrationLabel}} está desconectada',
  notificationsFetchFailed: 'Ocorreu um erro na busca por notificações.',
  notificationsClearFailed: 'Ocorreu um erro ao limpar as notificações.',
  audioSettingFailed: 'Ocorreu um erro ao alterar a configuração de áudio.',
  planSessionsFailed:
    'Falha ao consultar as sessões do plano. Verifique a conexão com a internet ou tente novamente mais tarde.',
  disconnected: 'Conexão perdida. Tentando reconectar...',
} as const;

export const formsPtBR = {
  required: 'Obrigatório',
  requiredField: 'Campo obrigatório.',
  noOptions: 'Nenhuma opção encontrada',
  learnMore: 'Saiba mais',
  incompleteAddress: 'Informações incompletas para o endereço...',
  apply: 'Aplicar',
  cancel: 'Cancelar',
  save: 'Salvar',
} as const;
