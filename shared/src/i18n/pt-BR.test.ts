import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate.ts';
import { ptBR } from './pt-BR.ts';

/** Strings quoted by the spec, byte for byte, with the placeholder filled where the spec has one. */
const SPEC_STRINGS: { where: string; actual: string; spec: string }[] = [
  {
    where: 'error page title',
    actual: ptBR.errors.pageTitle,
    spec: 'Ooops... looks like an error occurred!',
  },
  { where: 'empty select', actual: ptBR.forms.noOptions, spec: 'Nenhuma opção encontrada' },
  {
    where: 'blocked account',
    actual: ptBR.errors.accountBlocked,
    spec: 'Conta bloqueada. Contate o suporte.',
  },
  {
    where: 'inactivity warning',
    actual: interpolate(ptBR.session.inactivity, { seconds: 30 }),
    spec: 'Sua sessão será encerrada por inatividade em 30 segundos. Mova o mouse ou pressione qualquer tecla para continuar ativo. Nenhum dos seus processos será interrompido com o encerramento.',
  },
  { where: 'account updated notice', actual: ptBR.notices.accountUpdated, spec: 'Sua conta foi atualizada' },
  {
    where: 'WhatsApp disconnected notice',
    actual: interpolate(ptBR.notices.whatsappDisconnected, { label: 'Vendas' }),
    spec: 'Whatsapp: Vendas desconectada.',
  },
  {
    where: 'WhatsApp connected notice',
    actual: interpolate(ptBR.notices.whatsappConnected, { label: 'Vendas' }),
    spec: 'Whatsapp: Vendas conectada.',
  },
  {
    where: 'remove integration failure',
    actual: ptBR.errors.processFailed,
    spec: 'Error ao realizar processo.',
  },
  {
    where: 'remove integration success',
    actual: ptBR.notices.whatsappIntegrationRemoved,
    spec: 'Integração com WhatsApp acaba de ser desligada.',
  },
  { where: 'send failure', actual: ptBR.errors.sendMessageFailed, spec: 'Erro ao tentar enviar mensagem.' },
  {
    where: 'send on disconnected WhatsApp',
    actual: interpolate(ptBR.errors.whatsappDisconnectedSend, { integrationLabel: 'Suporte' }),
    spec: 'Whatsapp: Não é possível enviar mensagens, pois a Suporte está desconectada',
  },
  {
    where: 'migration duplicate number',
    actual: ptBR.migration.duplicateNumber,
    spec: 'Não é possível migrar para o WhatsApp, pois já existe um contato com o número informado.',
  },
  {
    where: 'migration success',
    actual: ptBR.notices.processSucceeded,
    spec: 'Processo realizado com sucesso.',
  },
  {
    where: 'migration not confirmed',
    actual: ptBR.migration.notConfirmed,
    spec: 'Não foi possível realizar o processo, confirmação não aceita.',
  },
  {
    where: 'migration without integration',
    actual: ptBR.migration.noIntegration,
    spec: 'Não foi possível realizar o processo, não há integração definida para o contato.',
  },
  {
    where: 'migration without phone',
    actual: ptBR.migration.noPhone,
    spec: 'Não foi possível realizar o processo, não há número de contato definido.',
  },
  { where: 'migration link', actual: ptBR.migration.link, spec: 'Migrar para Whatsapp' },
  {
    where: 'notifications fetch toast',
    actual: ptBR.errors.notificationsFetchFailed,
    spec: 'Ocorreu um erro na busca por notificações.',
  },
  {
    where: 'notifications clear toast',
    actual: ptBR.errors.notificationsClearFailed,
    spec: 'Ocorreu um erro ao limpar as notificações.',
  },
  {
    where: 'audio setting toast',
    actual: ptBR.errors.audioSettingFailed,
    spec: 'Ocorreu um erro ao alterar a configuração de áudio.',
  },
  {
    where: 'plan sessions toast',
    actual: ptBR.errors.planSessionsFailed,
    spec: 'Falha ao consultar as sessões do plano. Verifique a conexão com a internet ou tente novamente mais tarde.',
  },
  {
    where: 'profile image type',
    actual: ptBR.upload.onlyImages,
    spec: 'São permitidos somente arquivos de imagem.',
  },
  {
    where: 'upload size',
    actual: interpolate(ptBR.upload.sizeExceeded, { n: 15 }),
    spec: 'Você excedeu o limite máximo de 15MB',
  },
  {
    where: 'provider upload size',
    actual: ptBR.upload.providerSizeExceeded,
    spec: 'O arquivo ultrapassa o tamanho máximo permitido...',
  },
  {
    where: 'unsupported type',
    actual: ptBR.upload.unsupportedType,
    spec: 'O tipo do arquivo não é suportado.',
  },
  { where: 'required', actual: ptBR.forms.required, spec: 'Obrigatório' },
  { where: 'required field', actual: ptBR.forms.requiredField, spec: 'Campo obrigatório.' },
  { where: 'info popover link', actual: ptBR.forms.learnMore, spec: 'Saiba mais' },
  {
    where: 'incomplete address',
    actual: ptBR.forms.incompleteAddress,
    spec: 'Informações incompletas para o endereço...',
  },
  { where: 'invalid channel badge', actual: ptBR.channelBadge.invalid, spec: 'Desconhecido' },
  { where: 'error channel badge', actual: ptBR.channelBadge.error, spec: 'Erro' },
  { where: 'validating channel badge', actual: ptBR.channelBadge.undefined, spec: 'Validando' },
  {
    where: 'transcript media line',
    actual: ptBR.transcript.mediaNotShown,
    spec: '⚠ Mídias não são exibidas neste relatório',
  },
  { where: 'admin role', actual: ptBR.roles.admin, spec: 'Administrador' },
  { where: 'manager role', actual: ptBR.roles.manager, spec: 'Gestor' },
  { where: 'operator role', actual: ptBR.roles.operator, spec: 'Operador' },
];

describe('pt-BR strings quoted by the spec', () => {
  it.each(SPEC_STRINGS)('$where', ({ actual, spec }) => {
    expect(actual).toBe(spec);
  });
});

describe('interpolate', () => {
  it('fills i18next-style placeholders and leaves unknown ones', () => {
    expect(interpolate('{{a}} e {{ b }} e {{c}}', { a: 1, b: 'x' })).toBe('1 e x e {{c}}');
  });
});
