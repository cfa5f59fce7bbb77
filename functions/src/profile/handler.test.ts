import {
  clearNotifications,
  listNotifications,
  setNotificationAudio,
  getProfile,
  listProfileImages,
  presignProfileImage,
  saveProfileImage,
  updateProfile,
} from '@atende/shared/contracts/profile/routes';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { putModalNotification } from '../account/store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

describe('profile image (spec point 5: images only, 1,000,000 bytes)', () => {
  it.each([
    {
      file: { file_name: 'cv.pdf', mime_type: 'application/pdf', size: 1000 },
      message: 'São permitidos somente arquivos de imagem.',
    },
    {
      file: { file_name: 'foto.png', mime_type: 'image/png', size: 1_000_001 },
      message: 'Você excedeu o limite máximo de 1MB',
    },
  ])('refuses $file.file_name of $file.size bytes', async ({ file, message }) => {
    const answer = await callRoute(handler, presignProfileImage, { token: a.operator.token, body: file });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'file', message });
  });

  it('signs an image of exactly 1,000,000 bytes under the caller, saves it and links it for colleagues only', async () => {
    const presigned = await callRoute(handler, presignProfileImage, {
      token: a.operator.token,
      body: { file_name: 'foto.jpg', mime_type: 'image/jpeg', size: 1_000_000 },
    });
    expect(presigned.status).toBe(200);
    const { upload_id, fields } = presigned.body as { upload_id: string; fields: Record<string, string> };
    expect(fields.key).toBe(`profile/C/${a.companyId}/${a.operator.id}/${upload_id}.jpg`);
    const saved = await callRoute(handler, saveProfileImage, {
      token: a.operator.token,
      body: { upload_id, file_name: 'foto.jpg' },
    });
    expect((saved.body as { image_url: string }).image_url).toContain(fields.key);
    expect(
      ((await callRoute(handler, getProfile, { token: a.operator.token })).body as { image_url?: string })
        .image_url,
    ).toContain(fields.key);

    const colleagues = await callRoute(handler, listProfileImages, {
      token: a.admin.token,
      query: { ids: `${a.operator.id},${a.manager.id}` },
    });
    expect(Object.keys((colleagues.body as { images: Record<string, string> }).images)).toEqual([
      a.operator.id,
    ]);
    const strangers = await callRoute(handler, listProfileImages, {
      token: b.admin.token,
      query: { ids: a.operator.id },
    });
    expect((strangers.body as { images: Record<string, string> }).images).toEqual({});
  });

  it('refuses to save a non-image name', async () => {
    const answer = await callRoute(handler, saveProfileImage, {
      token: a.admin.token,
      body: { upload_id: newObjectId(), file_name: 'x.exe' },
    });
    expect(answer.status).toBe(400);
  });
});

describe('text direction per employee', () => {
  it('is ltr by default and stored per employee', async () => {
    expect((await callRoute(handler, getProfile, { token: a.manager.token })).body).toMatchObject({
      direction: 'ltr',
    });
    const changed = await callRoute(handler, updateProfile, {
      token: a.manager.token,
      body: { direction: 'rtl' },
    });
    expect(changed.body).toMatchObject({ direction: 'rtl' });
    expect((await callRoute(handler, getProfile, { token: a.manager.token })).body).toMatchObject({
      direction: 'rtl',
    });
    expect((await callRoute(handler, getProfile, { token: a.admin.token })).body).toMatchObject({
      direction: 'ltr',
    });
    const bad = await callRoute(handler, updateProfile, {
      token: a.manager.token,
      body: { direction: 'up' },
    });
    expect(bad.body).toMatchObject({ field: 'direction' });
  });
});

describe('notifications list, clear all and audio', () => {
  it('lists the company notifications for the caller, clears them for the caller only, and keeps the audio choice', async () => {
    const notification = {
      _id: newObjectId(),
      title: 'Manutenção',
      message: 'Domingo às 2h',
      type: 'info',
      duration: 2000,
      permanent: false,
    };
    await putModalNotification(a.companyId, 'professional', 'all', notification);
    const listed = await callRoute(handler, listNotifications, { token: a.operator.token });
    expect(listed.body).toMatchObject({ items: [notification], audio: true });
    const cleared = await callRoute(handler, clearNotifications, { token: a.operator.token });
    expect(cleared.body).toMatchObject({ items: [] });
    expect((await callRoute(handler, listNotifications, { token: a.operator.token })).body).toMatchObject({
      items: [],
    });
    expect((await callRoute(handler, listNotifications, { token: a.admin.token })).body).toMatchObject({
      items: [notification],
    });
    expect((await callRoute(handler, listNotifications, { token: b.admin.token })).body).toMatchObject({
      items: [],
    });
    const muted = await callRoute(handler, setNotificationAudio, {
      token: a.operator.token,
      body: { enabled: false },
    });
    expect(muted.body).toMatchObject({ audio: false });
    expect((await callRoute(handler, listNotifications, { token: a.admin.token })).body).toMatchObject({
      audio: true,
    });
    expect(
      (await callRoute(handler, setNotificationAudio, { token: a.operator.token, body: { enabled: 'no' } }))
        .body,
    ).toMatchObject({ field: 'enabled' });
  });
});
