import {
  getProfile,
  listProfileImages,
  presignProfileImage,
  saveProfileImage,
  updateProfile,
} from '@atende/shared/contracts/profile/routes';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../api/call-route.ts';
import { uploadWithProgress } from '../api/presigned-post.ts';

export const profileKeys = {
  own: ['profile', 'own'] as const,
  images: (ids: readonly string[]) => ['profile', 'images', [...ids].sort().join(',')] as const,
};

export const profileApi = {
  get: () => callRoute(getProfile),
  setDirection: (direction: 'ltr' | 'rtl') => callRoute(updateProfile, { body: { direction } }),
  /** Signs (the server checks type and size first), uploads, then makes it the profile image. */
  async uploadImage(file: File, onProgress: (percent: number) => void) {
    const target = await callRoute(presignProfileImage, {
      body: { file_name: file.name, mime_type: file.type, size: file.size },
    });
    await uploadWithProgress(target, file, onProgress);
    return callRoute(saveProfileImage, { body: { upload_id: target.upload_id, file_name: file.name } });
  },
};

/** The signed-in employee's image and text direction. */
export const useOwnProfile = () =>
  useQuery({ queryKey: profileKeys.own, queryFn: profileApi.get, staleTime: 30 * 60_000 });

/** Colleagues' images (chat avatars), 25 ids at most per call. */
export const useProfileImages = (ids: readonly string[]) =>
  useQuery({
    queryKey: profileKeys.images(ids),
    queryFn: () => callRoute(listProfileImages, { query: { ids: ids.slice(0, 25).join(',') } }),
    enabled: ids.length > 0,
    staleTime: 30 * 60_000,
    select: (answer) => answer.images,
  });
