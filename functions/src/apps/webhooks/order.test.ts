import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderPhone, orderVariables, shopifyOrder } from './order.ts';
import { shopifySignatureValid } from './shopify.ts';

const order = shopifyOrder.parse({
  id: 5,
  name: '#1001',
  total_price: '1234.5',
  currency: 'BRL',
  customer: { first_name: 'Ana', last_name: 'Lima', phone: null },
  billing_address: { phone: '+5585999990000' },
  order_status_url: 'https://loja.example/status',
  fulfillments: [{ tracking_url: null, tracking_urls: ['https://rastreio.example/1'] }],
});

describe('shopify order webhooks', () => {
  it('accepts only the HMAC of the exact body with the shop secret', () => {
    const body = '{"id":5}';
    const signature = createHmac('sha256', 'segredo').update(body).digest('base64');
    expect(shopifySignatureValid(body, 'segredo', signature)).toBe(true);
    expect(shopifySignatureValid(`${body} `, 'segredo', signature)).toBe(false);
    expect(shopifySignatureValid(body, 'outro', signature)).toBe(false);
    expect(shopifySignatureValid(body, 'segredo', undefined)).toBe(false);
    expect(shopifySignatureValid(body, 'segredo', 'curta')).toBe(false);
  });

  it("reads the order's variables and the first phone it carries", () => {
    expect(orderVariables(order)).toEqual({
      'cliente.nome': 'Ana Lima',
      'pedido.numero': '#1001',
      'pedido.total': 'R$\u00a01.234,50',
      'pedido.rastreio': 'https://rastreio.example/1',
    });
    expect(orderPhone(order)).toBe('+5585999990000');
    expect(orderVariables({ ...order, fulfillments: [] })['pedido.rastreio']).toBe(
      'https://loja.example/status',
    );
  });
});
