import { newObjectId } from '@atende/shared/domain/object-id';
import { describe, expect, it } from 'vitest';
import { downloadOverrides } from './media-download.ts';
import {
  isCompanyMediaKey,
  isConversationMediaKey,
  mediaPrefix,
  safeExtension,
  safeKeyName,
} from './media-keys.ts';

const mine = newObjectId();
const other = newObjectId();
const chat = newObjectId();

describe('media keys', () => {
  it('accepts exactly one file under the caller’s conversation prefix', () => {
    expect(isConversationMediaKey(`${mediaPrefix(mine, chat)}${newObjectId()}.png`, mine, chat)).toBe(true);
  });

  it('refuses traversal, foreign prefixes and odd characters that a prefix test let through', () => {
    const traversal = `${mediaPrefix(mine, chat)}../../${other}/${chat}/x.png`;
    expect(traversal.startsWith(mediaPrefix(mine, chat))).toBe(true);
    for (const key of [
      traversal,
      `${mediaPrefix(mine, chat)}./x.png`,
      `${mediaPrefix(mine, chat)}sub/x.png`,
      `${mediaPrefix(mine, chat)}x?.png`,
      `${mediaPrefix(mine, chat)}<x>.png`,
      `${mediaPrefix(mine, chat)}`,
      `${mediaPrefix(other, chat)}x.png`,
      `media/C/${mine}/${chat}x.png`,
    ]) {
      expect(isConversationMediaKey(key, mine, chat), key).toBe(false);
    }
    expect(isCompanyMediaKey(`media/C/${mine}/a/../../${other}/x.png`, mine)).toBe(false);
    expect(isCompanyMediaKey(`media/C/${mine}/inbound/${chat}/abc-nota.pdf`, mine)).toBe(true);
    expect(isCompanyMediaKey(`media/C/${mine}/a//x.png`, mine)).toBe(false);
  });

  it('never lets a file name shape a key', () => {
    expect(safeExtension('foto.PNG')).toBe('png');
    expect(safeExtension('x./..')).toBe('');
    expect(safeExtension('a.p?g')).toBe('');
    expect(safeExtension('a.<svg>')).toBe('');
    const name = safeKeyName('../../etc/passwd');
    expect(name).not.toMatch(/\/|\.\.|^\./);
    expect(isCompanyMediaKey(`media/C/${mine}/inbound/${chat}/${name}`, mine)).toBe(true);
    expect(safeKeyName('..')).toBe('file');
  });
});

describe('presigned GET overrides', () => {
  it('serves images, audio and video inline with a type chosen from the extension', () => {
    expect(downloadOverrides('foto.png', 'media/C/a/b/c.png')).toMatchObject({
      ResponseContentType: 'image/png',
      ResponseContentDisposition: expect.stringMatching(/^inline;/),
    });
    expect(downloadOverrides('voz.ogg', 'media/C/a/b/voz.ogg').ResponseContentType).toBe('audio/ogg');
  });

  it('forces SVG, HTML and everything else to download as octet-stream', () => {
    for (const name of ['logo.svg', 'fatura.html', 'nota.pdf', 'x.htm', 'semextensao']) {
      expect(downloadOverrides(name, `media/C/a/b/${name}`), name).toMatchObject({
        ResponseContentType: 'application/octet-stream',
        ResponseContentDisposition: expect.stringMatching(/^attachment; filename="/),
      });
    }
    // A name that claims an image over a stored HTML file still downloads.
    expect(downloadOverrides('foto.png', 'media/C/a/b/fatura.html').ResponseContentDisposition).toMatch(
      /^attachment/,
    );
  });
});
