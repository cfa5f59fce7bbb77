import { ptBR } from '@atende/shared/i18n/pt-BR';

/** The widget's pt-BR strings (shared's `widget` key). */
export const texts = ptBR.widget;
