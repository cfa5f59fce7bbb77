import type { PlanCode } from './constants.ts';
import { PLAN_FEATURES, type PlanFeature } from './features.ts';

/**
 * What each plan includes, for the "plans" modal: the plan features (point 5's gating names) and the route
 * groups the plan opens (plan lists of spec point 2). Flow limits follow rules/flows.ts.
 */
export interface PlanOffer {
  code: PlanCode;
  features: readonly PlanFeature[];
  /** Things the plan opens beyond its features, as shown to the customer. */
  highlights: readonly string[];
  flows: string;
}

const all = Object.values(PLAN_FEATURES);

export const PLAN_CATALOG: readonly PlanOffer[] = [
  { code: 'basic', features: [], highlights: ['Chat multicanal', 'Contatos e etiquetas'], flows: '1 fluxo' },
  {
    code: 'essential',
    features: [PLAN_FEATURES.contactTracking],
    highlights: ['Chat multicanal', 'Campanhas', 'Análise de redes sociais'],
    flows: '1 fluxo',
  },
  {
    code: 'advanced',
    features: [
      PLAN_FEATURES.contactTracking,
      PLAN_FEATURES.walletAttendant,
      PLAN_FEATURES.salesFunnel,
      PLAN_FEATURES.webhooks,
    ],
    highlights: ['Carteiras', 'Funil de vendas', 'Lista de bloqueio', 'Webhooks'],
    flows: 'até 4 fluxos',
  },
  {
    code: 'professional',
    features: all,
    highlights: [
      'Tudo do Avançado',
      'Assistentes de IA',
      'Etiquetas inteligentes',
      'Módulo FAQ',
      'Fluxos ilimitados',
    ],
    flows: 'fluxos ilimitados',
  },
];

export const planOffer = (code: PlanCode): PlanOffer | undefined =>
  PLAN_CATALOG.find(
    (offer) => offer.code === code || (code === 'advanced062025' && offer.code === 'advanced'),
  );
