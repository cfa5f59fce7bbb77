import type { Course } from '../contracts/academy/views.ts';

/** The starter course every company gets: how to use this product, written for it. */
export const STARTER_COURSE: Course = {
  _id: 'acade0000000000000000001',
  title: 'Primeiros passos no Atende',
  description: 'Aprenda a atender no chat, organizar contatos, disparar campanhas e automatizar com fluxos.',
  lessons: [
    {
      _id: 'acade0000000000000000011',
      title: 'O chat: fila, meus atendimentos e transferências',
      body: '<h2>Onde as conversas chegam</h2><p>Toda mensagem de WhatsApp, Instagram, Messenger, Telegram, e-mail ou do widget do site chega ao <strong>Chat</strong>. Conversas sem atendente ficam na aba <strong>Fila</strong>; ao clicar em <em>Atender</em>, ela vai para <strong>Meus atendimentos</strong>.</p><ul><li>Use <strong>/atalho</strong> para inserir uma mensagem rápida.</li><li>Transfira para um colega ou departamento quando o assunto não for seu.</li><li>Ao encerrar, escolha a categoria do atendimento.</li></ul><p>Mensagens com falha mostram um alerta vermelho: clique para reenviar.</p>',
      quiz: {
        question: 'Onde ficam as conversas que ainda não têm atendente?',
        options: ['Na aba Fila', 'Em Meus atendimentos', 'No T-mail'],
        answer: 0,
      },
    },
    {
      _id: 'acade0000000000000000012',
      title: 'Contatos, etiquetas e carteiras',
      body: '<h2>Contatos organizados</h2><p>Em <strong>Contatos</strong> você cadastra, importa planilhas e exporta a base. <strong>Etiquetas</strong> marcam interesses; <strong>etiquetas inteligentes</strong> se atualizam sozinhas a partir de regras.</p><p><strong>Carteiras</strong> ligam clientes a atendentes: quando a empresa limita a carteira, só os responsáveis veem aqueles clientes.</p>',
      quiz: {
        question: 'O que uma etiqueta inteligente faz?',
        options: ['Envia campanhas', 'Atualiza os membros sozinha a partir de regras', 'Bloqueia contatos'],
        answer: 1,
      },
    },
    {
      _id: 'acade0000000000000000013',
      title: 'Campanhas',
      body: '<h2>Mensagens em massa</h2><p>Em <strong>Campanhas</strong> escolha o público por etiquetas ou segmentos, a mensagem (no WhatsApp oficial, um modelo aprovado) e o horário. Uma campanha agendada pode ser cancelada até 2 minutos antes do início.</p>',
    },
    {
      _id: 'acade0000000000000000014',
      title: 'Fluxos e chatbot',
      body: '<h2>Automatize o primeiro contato</h2><p>Em <strong>Fluxos</strong> monte o caminho do cliente: perguntas, menus, condições e encaminhamento para um departamento. O número de fluxos depende do plano.</p><p>Comece com um fluxo de boas-vindas que pergunta o assunto e direciona para a fila certa.</p>',
      quiz: {
        question: 'Qual é um bom primeiro fluxo?',
        options: [
          'Um fluxo de boas-vindas que direciona para a fila certa',
          'Um fluxo que encerra todas as conversas',
        ],
        answer: 0,
      },
    },
  ],
};
