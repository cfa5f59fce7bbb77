import {
  getProfile,
  listProfileImages,
  presignProfileImage,
  saveProfileImage,
  updateProfile,
} from '@atende/shared/contracts/profile/routes';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/** The route answers 25 ids at most per call. */
const IMAGES_PER_CALL = 25;

/** Distinct ids, sorted (a stable cache key), in calls of 25. */
export function imageChunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)].sort();
  const result: string[][] = [];
  for (let start = 0; start < unique.length; start += IMAGES_PER_CALL) {
    result.push(unique.slice(start, start + IMAGES_PER_CALL));
  }
  return result;
}

/**
 * Colleagues' images for any number of ids (chat messages, header, transfer list): one call per 25 distinct ids,
 * cached like useProfileImages; an employee without an image is simply absent from the map.
 */
export function useEmployeeImages(ids: readonly string[]): Record<string, string> {
  const chunks = useMemo(() => imageChunks(ids), [ids]);
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: profileKeys.images(chunk),
      queryFn: () => callRoute(listProfileImages, { query: { ids: chunk.join(',') } }),
      staleTime: 30 * 60_000,
    })),
    combine: (results) =>
      Object.assign({}, ...results.map((result) => result.data?.images ?? {})) as Record<string, string>,
  });
}
