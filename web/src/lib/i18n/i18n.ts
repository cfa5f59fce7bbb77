import { ptBR } from '@atende/shared/i18n/pt-BR';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ptBRScreens } from './screens-pt-BR.ts';

export const DEFAULT_LANGUAGE = 'pt-BR';

/** Shared's strings, plus the shell's own screen texts, as one pt-BR bundle. */
export const resources = { [DEFAULT_LANGUAGE]: { translation: { ...ptBR, ...ptBRScreens } } } as const;

export async function initI18n(): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      resources,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return i18next;
}

export { i18next };
