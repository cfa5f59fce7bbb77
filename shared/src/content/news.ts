/**
 * Product news, shipped with each release (they describe the product, so they live with its code); each
 * employee's read state is stored per company. `important` items open the news modal until read.
 */
export interface ProductNews {
  id: string;
  date: string;
  title: string;
  body: string;
  important: boolean;
}

export const PRODUCT_NEWS: readonly ProductNews[] = [
  {
    id: 'faq-module-2026-11',
    date: '2026-11-24',
    title: 'Novo módulo FAQ',
    body: 'Crie artigos com categorias, rascunhos e versões publicadas. A busca ignora acentos e os relatórios mostram o que sua equipe procurou e não encontrou.',
    important: true,
  },
  {
    id: 'tmail-2026-11',
    date: '2026-11-20',
    title: 'T-mail: correio interno entre a equipe',
    body: 'Envie mensagens internas para pessoas ou departamentos, com anexos. Quem recebe vê o aviso na hora, sem recarregar a página.',
    important: false,
  },
  {
    id: 'smart-tags-2026-11',
    date: '2026-11-10',
    title: 'Etiquetas inteligentes',
    body: 'Monte regras sobre os campos e a atividade dos contatos; os membros são atualizados sozinhos.',
    important: false,
  },
];
