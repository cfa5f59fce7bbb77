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
  votes: { one: '{{count}} voto', other: '{{count}} votos' },
  mine: 'Minha',
  empty: 'Nenhuma sugestão ainda. Conte para nós o que faria diferença no seu dia a dia.',
  notFound: 'Sugestão não encontrada.',
  ownVote: 'Você não pode votar na sua própria sugestão.',
  alreadyVoted: 'Você já votou nesta sugestão.',
  loadError: 'Não foi possível carregar as sugestões.',
  invalidStatus: 'Situação inválida.',
  transitionNotAllowed: 'Não é possível mover a sugestão de "{{from}}" para "{{to}}".',
  changedMeanwhile: 'A sugestão foi alterada por outra pessoa. Atualize a página e tente novamente.',
  moveTo: 'Mover para',
  statusChanged: 'Situação alterada por {{name}} em {{at}}',
  moved: 'Situação da sugestão atualizada.',
  movedLive: 'Sua sugestão "{{title}}" agora está em "{{status}}".',
  status: {
    received: 'Recebida',
    reviewing: 'Em análise',
    planned: 'Planejada',
    done: 'Concluída',
    declined: 'Não planejada',
  },
} as const;

/** app/academy strings. */
export const academyStrings = {
  courses: 'Cursos',
  starter: 'Curso inicial',
  lessonsDone: '{{done}} de {{total}} aulas',
  start: 'Começar',
  continue: 'Continuar',
  overview: 'Visão geral',
  complete: 'Concluir aula',
  completed: 'Aula concluída',
  answer: 'Responder',
  wrong: 'Resposta incorreta. Tente novamente.',
  right: 'Resposta certa!',
  quiz: 'Teste rápido',
  video: 'Vídeo',
  newCourse: 'Novo curso',
  courseTitle: 'Título do curso',
  courseDescription: 'Descrição',
  lesson: 'Aula {{n}}',
  lessonTitle: 'Título da aula',
  lessonBody: 'Conteúdo',
  videoUrl: 'Link do vídeo (https)',
  addLesson: 'Adicionar aula',
  created: 'Curso criado.',
  team: 'Progresso da equipe',
  employee: 'Funcionário',
  progress: 'Progresso',
  courseNotFound: 'Curso não encontrado.',
  lessonNotFound: 'Aula não encontrada.',
  answerRequired: 'Responda ao teste para concluir a aula.',
  chooseCourse: 'Escolha um curso.',
  loadError: 'Não foi possível carregar os cursos.',
} as const;

/** The shell's notification list. */
export const notificationListStrings = {
  title: 'Notificações',
  clear: 'Limpar todas',
  audio: 'Sons de alerta',
  empty: 'Nenhuma notificação.',
  instagramPageMissing:
    'Instagram sem página do Facebook ativa: as mensagens não chegam até que uma página seja ativada.',
} as const;
