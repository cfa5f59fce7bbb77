/**
 * Analytics screen texts (pt-BR) that no Lambda answers with: kept apart from the catalogue every Lambda
 * bundles; only the web's analytics pages read them.
 */
export const analyticsScreensPtBR = {
  contactOrigin: {
    details: 'Widget do site: de onde vieram os visitantes',
    detailsHint: 'Página em que o visitante abriu o widget e os parâmetros UTM do endereço.',
    noParameter: '(sem parâmetro)',
    dimensions: {
      page: 'Página de entrada',
      utm_source: 'Origem (utm_source)',
      utm_medium: 'Mídia (utm_medium)',
      utm_campaign: 'Campanha (utm_campaign)',
    },
  },
  builder: {
    visibility: 'Quem vê',
    visibilities: { company: 'Toda a empresa', private: 'Só eu' },
    privateTag: 'Só eu',
    size: 'Largura no painel',
    sizes: { half: 'Metade', full: 'Largura inteira' },
    moveUp: 'Mover para cima',
    moveDown: 'Mover para baixo',
  },
};
