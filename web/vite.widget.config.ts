// The config is bundled by Vite, which would leave a package import to Node (no TypeScript there).
import { ptBR } from '../shared/src/i18n/pt-BR.ts';
import { defineConfig, type Plugin } from 'vite';

const PT_BR = /[\\/]shared[\\/]src[\\/]i18n[\\/]pt-BR\.ts$/;

/**
 * The widget reads its strings from shared's pt-BR catalogue (`ptBR.widget`); this build swaps the catalogue
 * module for one holding only that key, so the script does not ship every string of the product.
 */
const widgetStringsOnly: Plugin = {
  name: 'atende-widget-strings-only',
  enforce: 'pre',
  load(id) {
    if (!PT_BR.test(id)) return null;
    return `export const ptBR = ${JSON.stringify({ widget: ptBR.widget })};`;
  },
};

/**
 * The site widget (`web/dist/widget.js`): one small IIFE with no framework, built after the SPA into the same
 * folder (so it is not emptied) and served at `/widget.js` by CloudFront and the local runtime.
 */
export default defineConfig({
  publicDir: false,
  plugins: [widgetStringsOnly],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/widget/main.ts',
      name: 'AtendeWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
});
