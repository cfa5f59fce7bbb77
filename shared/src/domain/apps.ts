import * as z from 'zod';
import { PLAN_CODES } from './constants.ts';
import { planCodeSchema } from './company.ts';

export const APP_CATEGORIES = ['crm', 'automation', 'ia', 'productivity'] as const;
export const APP_NAMES = [
  'rdstation',
  'rdstationmarketing',
  'mentoria',
  'exactsales',
  'agendor',
  'nectar',
  'pipedrive',
  'vortico',
  'salesforce',
  'shopify',
] as const;
export type AppName = (typeof APP_NAMES)[number];

/** Spec point 3, App definition/catalogue entry. */
export const appCatalogueEntrySchema = z.object({
  label: z.string().min(1),
  name: z.enum(APP_NAMES),
  description: z.string(),
  logo: z.string(),
  category: z.enum(APP_CATEGORIES),
  available: z.boolean(),
  allowedPlans: z.array(planCodeSchema),
  planFeature: z.string().optional(),
});
export type AppCatalogueEntry = z.infer<typeof appCatalogueEntrySchema>;

export const SHOPIFY_EVENTS = ['order_paid', 'order_cancelled', 'order_created'] as const;
export const SHOPIFY_ACTIONS = ['send_template_message'] as const;

/** Every plan but basic and voip (voip is calls only) may install apps. */
const PAID_CHAT_PLANS = PLAN_CODES.filter((plan) => plan !== 'basic' && plan !== 'voip');

const entry = (
  name: AppName,
  label: string,
  category: AppCatalogueEntry['category'],
  description: string,
): AppCatalogueEntry => ({
  name,
  label,
  category,
  description,
  logo: `/apps/${name}.svg`,
  available: true,
  allowedPlans: [...PAID_CHAT_PLANS],
});

/** The ten apps of spec point 3. */
export const APP_CATALOGUE: readonly AppCatalogueEntry[] = [
  entry('rdstation', 'RD Station CRM', 'crm', 'Sincronize contatos e negociações com o RD Station CRM.'),
  entry(
    'rdstationmarketing',
    'RD Station Marketing',
    'automation',
    'Envie leads e conversões ao RD Station Marketing.',
  ),
  entry('mentoria', 'Mentoria', 'ia', 'Assistente de IA para apoiar o atendimento.'),
  entry('exactsales', 'Exact Sales', 'crm', 'Envie leads qualificados ao Exact Sales.'),
  entry('agendor', 'Agendor', 'crm', 'Sincronize pessoas e negócios com o Agendor.'),
  entry('nectar', 'Nectar', 'crm', 'Sincronize contatos e oportunidades com o Nectar CRM.'),
  entry('pipedrive', 'Pipedrive', 'crm', 'Sincronize pessoas e negócios com o Pipedrive.'),
  entry('vortico', 'Vortico', 'automation', 'Encerre atendimentos com um fluxo do Vortico.'),
  entry('salesforce', 'Salesforce', 'crm', 'Sincronize contatos e oportunidades com o Salesforce.'),
  entry(
    'shopify',
    'Shopify',
    'productivity',
    'Envie mensagens template a partir de eventos de pedidos da loja.',
  ),
];
