import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import { createDeal, createPipeline } from '@atende/shared/contracts/pipelines/routes';
import type { PipelineView } from '@atende/shared/contracts/pipelines/views';
import type { RouteContract } from '@atende/shared/contracts/types';
import { expect } from 'vitest';
import { type CallOptions, callRoute } from '../auth/test-gateway.ts';
import type { Member } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { handler } from './handler.ts';

/** Test support for the funnel: calls through the real gateway path, asserting the expected status. */
export async function call<T>(contract: RouteContract, member: Member, options: CallOptions, status = 200) {
  const answer = await callRoute(handler, contract, { ...options, token: member.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as T;
}

export const newPipeline = (member: Member, body: Record<string, unknown>) =>
  call<PipelineView>(createPipeline, member, { body }, 201);

export const newDeal = (member: Member, body: Record<string, unknown>) =>
  call<DealView>(createDeal, member, { body }, 201);

export async function newContact(member: Member, fullName: string, extra: Record<string, unknown> = {}) {
  const answer = await callRoute(contactsHandler, createContact, {
    token: member.token,
    body: { full_name: fullName, ...extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as ContactView;
}

/** A three-stage funnel: Contato 10%, Proposta 50%, Fechamento 90%. */
export const salesFunnel = (member: Member, rules: Record<string, unknown> = {}) =>
  newPipeline(member, {
    name: 'Vendas',
    stages: [
      { name: 'Contato', probability: 10 },
      { name: 'Proposta', probability: 50, rules },
      { name: 'Fechamento', probability: 90 },
    ],
  });
