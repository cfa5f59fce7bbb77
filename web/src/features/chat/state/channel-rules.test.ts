import { ptBR } from '@atende/shared/i18n/pt-BR';
import { describe, expect, it } from 'vitest';
import { messagingChannelOf, precheckFile, uploadTarget } from './channel-rules.ts';

const MB = 1_048_576;

describe('upload precheck before the presigned upload', () => {
  it('accepts a small jpeg on WhatsApp as an image', () => {
    const check = precheckFile(
      { name: 'foto.JPG', type: 'image/jpeg', size: 2 * MB },
      uploadTarget('whatsapp', undefined),
    );
    expect(check).toEqual({ ok: true, kind: 'image' });
  });

  it('refuses video on official WhatsApp with the unsupported-type message', () => {
    const check = precheckFile(
      { name: 'clip.mp4', type: 'video/mp4', size: MB },
      uploadTarget('official', undefined),
    );
    expect(check).toEqual({ ok: false, message: ptBR.upload.unsupportedType });
  });

  it('accepts the same video on the widget', () => {
    expect(
      precheckFile({ name: 'clip.mp4', type: 'video/mp4', size: MB }, uploadTarget('widget', undefined)).ok,
    ).toBe(true);
  });

  it('names the 15 MB limit when a file is over it', () => {
    const check = precheckFile(
      { name: 'doc.pdf', type: 'application/pdf', size: 16 * MB },
      uploadTarget('telegram', undefined),
    );
    expect(check).toEqual({ ok: false, message: 'Você excedeu o limite máximo de 15MB' });
  });

  it('lets gupshup integrations send up to 100 MB with the provider message above it', () => {
    const target = uploadTarget('official', 'gupshup');
    expect(precheckFile({ name: 'doc.pdf', type: 'application/pdf', size: 50 * MB }, target).ok).toBe(true);
    expect(precheckFile({ name: 'doc.pdf', type: 'application/pdf', size: 101 * MB }, target)).toEqual({
      ok: false,
      message: ptBR.upload.providerSizeExceeded,
    });
  });

  it('refuses a pdf on Instagram', () => {
    expect(
      precheckFile(
        { name: 'doc.pdf', type: 'application/pdf', size: MB },
        uploadTarget('instagram', undefined),
      ),
    ).toEqual({ ok: false, message: ptBR.upload.unsupportedType });
  });

  it('maps official WhatsApp to the whatsapp text rules', () => {
    expect(messagingChannelOf('official')).toBe('whatsapp');
    expect(messagingChannelOf('email')).toBe('email');
  });
});
