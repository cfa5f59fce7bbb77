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

/** app/sugestions strings. */
export const suggestionStrings = {
  send: 'Enviar sugestão',
  title: 'Título',
  description: 'Descrição',
  sent: 'Sugestão enviada.',
  vote: 'Votar',
  voted: 'Votou',
  votes: '{{n}} votos',
  mine: 'Minha',
  empty: 'Nenhuma sugestão ainda. Conte para nós o que faria diferença no seu dia a dia.',
  notFound: 'Sugestão não encontrada.',
  ownVote: 'Você não pode votar na sua própria sugestão.',
  alreadyVoted: 'Você já votou nesta sugestão.',
  loadError: 'Não foi possível carregar as sugestões.',
  status: {
    received: 'Recebida',
    reviewing: 'Em análise',
    planned: 'Planejada',
    done: 'Concluída',
    declined: 'Não planejada',
  },
} as const;
