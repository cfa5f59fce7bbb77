import * as z from 'zod';

/** The fields of a Shopify order (Admin API `Order`, as its webhooks post it) the actions read. */
const person = z
  .object({
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    name: z.string().nullish(),
    phone: z.string().nullish(),
  })
  .nullish();

export const shopifyOrder = z.object({
  id: z.number(),
  name: z.string().nullish(),
  order_number: z.number().nullish(),
  total_price: z.string().nullish(),
  currency: z.string().nullish(),
  phone: z.string().nullish(),
  customer: person,
  billing_address: person,
  shipping_address: person,
  order_status_url: z.string().nullish(),
  fulfillments: z
    .array(z.object({ tracking_url: z.string().nullish(), tracking_urls: z.array(z.string()).nullish() }))
    .nullish(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrder>;

/** The topics the catalogue's Shopify events answer to. */
export const SHOPIFY_TOPICS = {
  'orders/create': 'order_created',
  'orders/paid': 'order_paid',
  'orders/cancelled': 'order_cancelled',
} as const;

/** Absent variables: the customer's name, the order number, the total and the tracking link, in that order. */
export const DEFAULT_ORDER_VARIABLES = [
  '{{cliente.nome}}',
  '{{pedido.numero}}',
  '{{pedido.total}}',
  '{{pedido.rastreio}}',
];

const fullName = (entry: z.infer<typeof person>) =>
  entry?.name?.trim() || [entry?.first_name, entry?.last_name].filter(Boolean).join(' ').trim();

/** The customer's phone as the order carries it: the customer's, the order's, then billing and shipping. */
export const orderPhone = (order: ShopifyOrder): string | undefined =>
  [order.customer?.phone, order.phone, order.billing_address?.phone, order.shipping_address?.phone].find(
    (phone): phone is string => Boolean(phone?.trim()),
  );

function total(order: ShopifyOrder): string {
  const amount = Number(order.total_price ?? '0');
  try {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: order.currency ?? 'BRL' }).format(
      amount,
    );
  } catch {
    return `${order.total_price ?? ''} ${order.currency ?? ''}`.trim();
  }
}

/** The values an action's variables may name. */
export function orderVariables(order: ShopifyOrder): Record<string, string> {
  const tracking = order.fulfillments
    ?.flatMap((fulfillment) => [fulfillment.tracking_url, ...(fulfillment.tracking_urls ?? [])])
    .find((url): url is string => Boolean(url));
  return {
    'cliente.nome':
      fullName(order.customer) || fullName(order.billing_address) || fullName(order.shipping_address),
    'pedido.numero': order.name ?? (order.order_number ? `#${order.order_number}` : String(order.id)),
    'pedido.total': total(order),
    'pedido.rastreio': tracking ?? order.order_status_url ?? '',
  };
}
