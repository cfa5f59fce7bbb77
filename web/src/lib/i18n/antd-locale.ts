// The ES build: `antd/locale/pt_BR` resolves to CommonJS and drags the lib/ copies of the picker locales along.
import ptBR from 'antd/es/locale/pt_BR';

/** antd's own texts (pagination, pickers, modals) in pt-BR. */
export const antdLocale = ptBR;
