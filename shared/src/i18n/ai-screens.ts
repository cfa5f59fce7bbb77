/**
 * Strings of the AI evaluation screen and of the CRM skills' form fields (issue 17), pt-BR. Kept apart from
 * the catalogue every Lambda bundles: only the web reads them.
 */
export const aiEvaluationPtBR = {
  title: 'Avaliação antes de publicar',
  intro:
    'Reproduz conversas já resolvidas pela equipe (por período ou etiqueta do cliente) com um assistente: o modelo compara cada resposta com a da equipe e confere se as transferências foram acertadas. Rode antes de colocar o assistente no ar e depois de cada mudança.',
  assistant: 'Assistente',
  period: 'Conversas resolvidas no período',
  tag: 'Somente clientes com a etiqueta',
  anyTag: 'Qualquer etiqueta',
  limit: 'Máximo de conversas',
  run: 'Avaliar',
  started: 'Avaliação iniciada.',
  history: 'Histórico de avaliações',
  empty: 'Nenhuma avaliação ainda. Escolha um assistente e clique em Avaliar.',
  noAssistants: 'Crie um assistente antes de avaliar.',
  createdAt: 'Iniciada em',
  status: 'Situação',
  statuses: {
    queued: 'Na fila',
    running: 'Em andamento',
    done: 'Concluída',
    failed: 'Falhou',
  },
  progress: '{{processed}} de {{total}} conversas',
  cases: 'Conversas',
  accuracy: 'Acerto das respostas',
  handoffPrecision: 'Precisão das transferências',
  handoffRecall: 'Transferências necessárias feitas',
  answeredCount: 'Respondidas',
  handedOffCount: 'Transferidas',
  details: 'Ver conversas',
  detailsTitle: 'Conversas avaliadas',
  question: 'Pergunta do cliente',
  reference: 'Resposta da equipe',
  reply: 'Resposta do assistente',
  score: 'Nota',
  verdict: 'Veredito',
  correctHandoff: 'Transferência correta',
  wrongHandoff: 'Transferiu sem precisar',
  missedHandoff: 'Devia ter transferido',
  answeredRight: 'Respondeu',
  kinds: { answer: 'Resposta', handoff: 'Transferência', refusal: 'Recusa' },
} as const;

export const aiCrmSkillsPtBR = {
  dealPipeline: 'Funil dos negócios criados pelo assistente',
  dealStage: 'Etapa inicial (a primeira do funil se vazio)',
  dealOwner: 'Responsável pelos negócios criados',
  activityAssignee: 'Atendente das atividades agendadas',
  activityType: 'Tipo das atividades',
} as const;
