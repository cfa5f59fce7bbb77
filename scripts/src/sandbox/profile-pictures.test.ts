import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

let sandbox: ProviderSandbox;
const bot = '7012345678:AAH-sandbox';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

beforeAll(async () => {
  sandbox = await createProviderSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

const botApi = async (method: string, body: object) =>
  (await fetch(`${sandbox.baseUrls.telegram}/bot${bot}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json())) as { ok: boolean; result?: unknown; description?: string };

const bytesOf = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

describe('provider sandbox: customer profile pictures', () => {
  it('answers Telegram getUserProfilePhotos with PhotoSizes downloadable through getFile', async () => {
    const answer = await botApi('getUserProfilePhotos', { user_id: 5012345678, limit: 1 });
    const result = answer.result as { total_count: number; photos: { file_id: string; width: number }[][] };
    expect(result.total_count).toBe(1);
    expect(result.photos[0]?.map((size) => size.width)).toEqual([160, 320, 640]);
    const file = (await botApi('getFile', { file_id: result.photos[0]?.[2]?.file_id })).result as {
      file_path: string;
    };
    const bytes = await bytesOf(`${sandbox.baseUrls.telegram}/file/bot${bot}/${file.file_path}`);
    expect([...bytes.slice(0, 4)]).toEqual(PNG_SIGNATURE);
    expect(sandbox.sent('telegram')).toEqual([]);
  });

  it('answers total_count 0 for a customer who keeps their picture private, 400 for a bad user_id', async () => {
    expect((await botApi('getUserProfilePhotos', { user_id: 5012345000 })).result).toEqual({
      total_count: 0,
      photos: [],
    });
    expect(await botApi('getUserProfilePhotos', { user_id: 'abc' })).toMatchObject({
      ok: false,
      description: 'Bad Request: invalid user_id specified',
    });
  });

  it('answers the Messenger and Instagram User Profile API with profile_pic, downloadable without a token', async () => {
    const psid = '24681357902468';
    const profile = (await (
      await fetch(`${sandbox.baseUrls.messenger}/v21.0/${psid}?fields=first_name,last_name,profile_pic`, {
        headers: { authorization: 'Bearer page-token' },
      })
    ).json()) as Record<string, string>;
    expect(profile).toMatchObject({ id: psid, first_name: 'Cliente', last_name: 'Sandbox 2468' });
    expect(await bytesOf(profile.profile_pic ?? '')).toHaveLength(70);
    expect([...(await bytesOf(profile.profile_pic ?? '')).slice(0, 4)]).toEqual(PNG_SIGNATURE);

    const ig = (await (
      await fetch(`${sandbox.baseUrls.messenger}/v21.0/17841400000?fields=name,username,profile_pic`, {
        headers: { authorization: 'Bearer page-token' },
      })
    ).json()) as Record<string, string>;
    expect(ig).toEqual({ id: '17841400000', name: 'Cliente Sandbox 0000', username: 'cliente_0000' });
  });

  it('refuses the profile lookup without an access token, as Graph does', async () => {
    const answer = await fetch(`${sandbox.baseUrls.messenger}/v21.0/1234?fields=profile_pic`);
    expect(answer.status).toBe(400);
  });
});
