import type { ptBR } from '@atende/shared/i18n/pt-BR';
import { errorsPtBR, formsPtBR } from '@atende/shared/i18n/pt-BR-core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ptBRScreens } from './screens-pt-BR.ts';

export const DEFAULT_LANGUAGE = 'pt-BR';

/** Every key a component may ask for: shared's strings plus the shell's own screen texts. */
export type Catalogue = typeof ptBR & typeof ptBRScreens;

/**
 * The first paint (the sign-in form) needs only the screens' texts and the core errors and forms; the rest of
 * shared's catalogue (about 26 KB gzip) comes with the first signed-in page, through `loadFullCatalogue`.
 */
const firstPaintCatalogue = { errors: errorsPtBR, forms: formsPtBR, ...ptBRScreens };

export async function initI18n(): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: { [DEFAULT_LANGUAGE]: { translation: firstPaintCatalogue } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return i18next;
}

let fullCatalogue: Promise<void> | undefined;

/** Adds the whole pt-BR catalogue once; pages await it before they render (see lazyPage). */
export function loadFullCatalogue(): Promise<void> {
  fullCatalogue ??= import('@atende/shared/i18n/pt-BR').then(
    (module) => {
      i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', module.ptBR, true, false);
    },
    (error: unknown) => {
      fullCatalogue = undefined;
      throw error;
    },
  );
  return fullCatalogue;
}

export { i18next };
