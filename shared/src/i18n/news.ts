/** News and suggestions strings; part of the pt-BR catalogue. */
export const newsStrings = {
  modalTitle: 'Novidades',
  markRead: 'Marcar como lida',
  gotIt: 'Entendi',
  unread: 'Não lida',
  empty: 'Nenhuma novidade.',
  unknown: 'Novidade não encontrada.',
  loadError: 'Não foi possível carregar as novidades.',
} as const;
