import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const TEXT_DIRECTIONS = ['ltr', 'rtl'] as const;

/** The signed-in employee's own preferences: profile image (a short-lived link) and text direction. */
export const profileView = z.object({
  image_url: z.string().optional(),
  direction: z.enum(TEXT_DIRECTIONS),
});
export type ProfileView = z.infer<typeof profileView>;

export const getProfile = defineRoute({
  id: 'profile.get',
  method: 'GET',
  path: '/profile',
  domain: 'profile',
  auth: 'employee',
  response: profileView,
});

export const updateProfile = defineRoute({
  id: 'profile.update',
  method: 'PATCH',
  path: '/profile',
  domain: 'profile',
  auth: 'employee',
  body: z.object({ direction: z.enum(TEXT_DIRECTIONS) }),
  response: profileView,
  maxBodyBytes: 256,
});

export const profileImageFile = z.object({
  file_name: z.string().trim().min(1).max(256),
  mime_type: z.string().trim().max(128),
  size: z.number().int().positive(),
});

/** Spec point 5: images only, at most 1,000,000 bytes; the policy pins the key, the type and the size. */
export const presignProfileImage = defineRoute({
  id: 'profile.image.presign',
  method: 'POST',
  path: '/profile/image/presign',
  domain: 'profile',
  auth: 'employee',
  body: profileImageFile,
  response: z.object({
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    upload_id: objectId,
  }),
  maxBodyBytes: 2048,
});

/** Makes an uploaded image the profile image (the key is rebuilt from the caller and the upload id). */
export const saveProfileImage = defineRoute({
  id: 'profile.image.save',
  method: 'PUT',
  path: '/profile/image',
  domain: 'profile',
  auth: 'employee',
  body: z.object({ upload_id: objectId, file_name: z.string().trim().min(1).max(256) }),
  response: profileView,
  maxBodyBytes: 1024,
});

/** Colleagues' images for the chat (same company only), by employee id. */
export const listProfileImages = defineRoute({
  id: 'profile.images',
  method: 'GET',
  path: '/profile/images',
  domain: 'profile',
  auth: 'employee',
  query: z.object({
    ids: z
      .string()
      .max(25 * 25)
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(objectId).max(25)),
  }),
  response: z.object({ images: z.record(z.string(), z.string()) }),
});

export const notificationsView = z.object({
  items: z.array(
    z.object({
      _id: objectId,
      title: z.string(),
      message: z.string(),
      type: z.string(),
      duration: z.number().int(),
      permanent: z.boolean(),
    }),
  ),
  /** Whether alerts play a sound for this employee. */
  audio: z.boolean(),
});
export type NotificationsView = z.infer<typeof notificationsView>;

/** The shell's notification list: the company's notifications for the caller's plan and role, minus the cleared. */
export const listNotifications = defineRoute({
  id: 'profile.notifications',
  method: 'GET',
  path: '/notifications',
  domain: 'profile',
  auth: 'employee',
  response: notificationsView,
});

/** Clear all: the current notifications leave the caller's list. */
export const clearNotifications = defineRoute({
  id: 'profile.notifications.clear',
  method: 'DELETE',
  path: '/notifications',
  domain: 'profile',
  auth: 'employee',
  response: notificationsView,
});

export const setNotificationAudio = defineRoute({
  id: 'profile.notifications.audio',
  method: 'PUT',
  path: '/notifications/audio',
  domain: 'profile',
  auth: 'employee',
  body: z.object({ enabled: z.boolean() }),
  response: notificationsView,
  maxBodyBytes: 256,
});
