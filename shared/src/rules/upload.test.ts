import { describe, expect, it } from 'vitest';
import {
  checkProfileImage,
  checkUpload,
  fileKind,
  type UploadCandidate,
  type UploadTarget,
} from './upload.ts';

const UNSUPPORTED = 'O tipo do arquivo não é suportado.';
const file = (fileName: string, mimeType: string, size = 1000): UploadCandidate => ({
  fileName,
  mimeType,
  size,
});
const telegram: UploadTarget = { channel: 'telegram' };
const target = (t: UploadTarget): UploadTarget => t;

describe('file kind (spec point 9)', () => {
  it.each([
    { clause: 'image by extension', f: file('a.PNG', ''), kind: 'image' },
    { clause: 'audio by extension', f: file('a.oga', ''), kind: 'audio' },
    { clause: 'video by extension', f: file('a.mov', ''), kind: 'video' },
    { clause: 'image by mime', f: file('photo', 'image/jpeg'), kind: 'image' },
    { clause: 'document by mime', f: file('report.pdf', 'application/pdf'), kind: 'doc' },
    { clause: 'unknown mime is treated as audio', f: file('blob', 'x-unknown/thing'), kind: 'audio' },
    { clause: 'missing mime is treated as audio', f: file('blob', ''), kind: 'audio' },
  ])('$clause', ({ f, kind }) => {
    expect(fileKind(f)).toBe(kind);
  });
});

describe('checkUpload (spec points 5 and 9)', () => {
  it.each([
    { clause: 'type accepted by extension', f: file('a.jpg', ''), target: telegram, ok: true },
    { clause: 'type accepted by mime', f: file('clip', 'video/mp4'), target: telegram, ok: true },
    {
      clause: 'image outside the image list is refused',
      f: file('a.bmp', 'image/bmp'),
      target: telegram,
      ok: false,
    },
    {
      clause: 'WhatsApp channel excludes video',
      f: file('a.mp4', 'video/mp4'),
      target: target({ channel: 'whatsapp' }),
      ok: false,
    },
    {
      clause: 'WhatsApp channel accepts images',
      f: file('a.png', 'image/png'),
      target: target({ channel: 'whatsapp' }),
      ok: true,
    },
    {
      clause: 'instagram allows wav',
      f: file('a.wav', 'audio/wav'),
      target: target({ channel: 'instagram' }),
      ok: true,
    },
    {
      clause: 'instagram allows mp4',
      f: file('a.mp4', 'video/mp4'),
      target: target({ channel: 'instagram' }),
      ok: true,
    },
    {
      clause: 'instagram refuses webp',
      f: file('a.webp', 'image/webp'),
      target: target({ channel: 'instagram' }),
      ok: false,
    },
    {
      clause: 'instagram refuses documents',
      f: file('a.pdf', 'application/pdf'),
      target: target({ channel: 'instagram' }),
      ok: false,
    },
    {
      clause: 'obj unsupported on the motor provider',
      f: file('part.obj', 'application/octet-stream'),
      target: target({ channel: 'whatsapp', integrationType: 'motor' }),
      ok: false,
    },
    {
      clause: 'stl unsupported on the motor provider',
      f: file('part.stl', 'application/sla'),
      target: target({ channel: 'whatsapp', integrationType: 'motor' }),
      ok: false,
    },
    {
      clause: 'stl accepted on other providers',
      f: file('part.stl', 'application/sla'),
      target: target({ channel: 'whatsapp', integrationType: 'dialog' }),
      ok: true,
    },
  ])('$clause', ({ f, target, ok }) => {
    const result = checkUpload(f, target);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.message).toBe(UNSUPPORTED);
  });

  it.each([
    { clause: '15 MB is accepted', size: 15_728_640, integrationType: undefined, message: undefined },
    {
      clause: 'over 15 MB: Você excedeu o limite máximo de 15MB',
      size: 15_728_641,
      integrationType: undefined,
      message: 'Você excedeu o limite máximo de 15MB',
    },
    {
      clause: 'gupshup accepts up to 100 MB',
      size: 104_857_600,
      integrationType: 'gupshup',
      message: undefined,
    },
    {
      clause: 'over 100 MB on gupshup: provider-specific message',
      size: 104_857_601,
      integrationType: 'gupshup',
      message: 'O arquivo ultrapassa o tamanho máximo permitido...',
    },
  ])('size: $clause', ({ size, integrationType, message }) => {
    const result = checkUpload(file('doc.pdf', 'application/pdf', size), {
      channel: 'whatsapp',
      integrationType,
    });
    expect(result).toEqual(message ? { ok: false, message } : { ok: true, kind: 'doc' });
  });
});

describe('checkProfileImage (spec point 5)', () => {
  it.each([
    {
      clause: 'an image under the limit',
      f: file('me.png', 'image/png', 1_000_000),
      expected: { ok: true, kind: 'image' },
    },
    {
      clause: 'must be an image',
      f: file('me.pdf', 'application/pdf', 10),
      expected: { ok: false, message: 'São permitidos somente arquivos de imagem.' },
    },
    {
      clause: 'max 1,000,000 bytes: the 1 MB limit is exceeded',
      f: file('me.png', 'image/png', 1_000_001),
      expected: { ok: false, message: 'Você excedeu o limite máximo de 1MB' },
    },
  ])('$clause', ({ f, expected }) => {
    expect(checkProfileImage(f)).toEqual(expected);
  });
});
