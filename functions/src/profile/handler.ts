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
import { createHttpHandler, route } from '../lib/http.ts';
import * as notifications from './notifications.ts';
import * as service from './service.ts';

export const handler = createHttpHandler([
  route(getProfile, ({ auth }) => service.getProfile(auth)),
  route(updateProfile, ({ auth, body }) => service.setDirection(auth, body.direction)),
  route(presignProfileImage, ({ auth, body }) => service.presignImage(auth, body)),
  route(saveProfileImage, ({ auth, body }) => service.saveImage(auth, body)),
  route(listNotifications, ({ auth }) => notifications.listNotifications(auth)),
  route(clearNotifications, ({ auth }) => notifications.clearNotifications(auth)),
  route(setNotificationAudio, ({ auth, body }) => notifications.setAudio(auth, body.enabled)),
  route(listProfileImages, ({ auth, query }) => service.listImages(auth, query.ids)),
]);
