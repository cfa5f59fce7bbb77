import ptBR from 'antd/locale/pt_BR';

/** antd's own texts (pagination, pickers, modals) in pt-BR. */
export const antdLocale = ptBR;
