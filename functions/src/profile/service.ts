import { employeePartition } from '../auth/entities.ts';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ProfileView } from '@atende/shared/contracts/profile/routes';
import { LIMITS } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { checkProfileImage, fileExtension } from '@atende/shared/rules/upload';
import { batchGetInOrder } from '../lib/dynamo/batch-get.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { s3Client } from '../lib/s3-client.ts';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';

/**
 * Preferences live beside the employee profile, in its partition but their own item (sk PREFERENCES), so the
 * admin screens that rewrite the profile never drop them.
 */
export const preferencesKey = (companyId: string, employeeId: string) => ({
  pk: employeePartition(companyId, employeeId),
  sk: 'PREFERENCES',
});
const imageKey = (companyId: string, employeeId: string, uploadId: string, fileName: string) =>
  `profile/C/${companyId}/${employeeId}/${uploadId}.${fileExtension(fileName) || 'img'}`;

/** Links live an hour; the shell asks again on each mount. */
const LINK_SECONDS = 3600;
const UPLOAD_SECONDS = 300;

const link = (key: string) =>
  getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: config().mediaBucket, Key: key }), {
    expiresIn: LINK_SECONDS,
  });

async function view(item: Record<string, unknown> | undefined): Promise<ProfileView> {
  const image = typeof item?.profile_image === 'string' ? item.profile_image : undefined;
  return {
    direction: item?.text_direction === 'rtl' ? 'rtl' : 'ltr',
    ...(image ? { image_url: await link(image) } : {}),
  };
}

async function readPreferences(auth: AuthContext) {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: preferencesKey(auth.companyId, auth.employeeId) }),
  );
  return Item;
}

async function setPreference(auth: AuthContext, attribute: string, value: string) {
  const { Attributes } = await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: preferencesKey(auth.companyId, auth.employeeId),
      UpdateExpression: 'SET #attribute = :value, entity = :entity',
      ExpressionAttributeNames: { '#attribute': attribute },
      ExpressionAttributeValues: { ':value': value, ':entity': 'employee_preferences' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return view(Attributes);
}

export const getProfile = async (auth: AuthContext) => view(await readPreferences(auth));

export const setDirection = (auth: AuthContext, direction: 'ltr' | 'rtl') =>
  setPreference(auth, 'text_direction', direction);

export async function presignImage(
  auth: AuthContext,
  file: { file_name: string; mime_type: string; size: number },
) {
  const check = checkProfileImage({ fileName: file.file_name, mimeType: file.mime_type, size: file.size });
  if (!check.ok) throw new Invalid('file', check.message);
  const uploadId = newObjectId();
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config().mediaBucket,
    Key: imageKey(auth.companyId, auth.employeeId, uploadId, file.file_name),
    Conditions: [
      ['content-length-range', 1, LIMITS.profileImageBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Fields: { 'Content-Type': file.mime_type || 'image/png' },
    Expires: UPLOAD_SECONDS,
  });
  return { url, fields, upload_id: uploadId };
}

export async function saveImage(auth: AuthContext, body: { upload_id: string; file_name: string }) {
  const check = checkProfileImage({ fileName: body.file_name, mimeType: '', size: 1 });
  if (!check.ok) throw new Invalid('file_name', check.message);
  return setPreference(
    auth,
    'profile_image',
    imageKey(auth.companyId, auth.employeeId, body.upload_id, body.file_name),
  );
}

/** Colleagues' images by id; ids of another company find nothing (the key holds the caller's company). */
export async function listImages(auth: AuthContext, ids: readonly string[]) {
  const items = await batchGetInOrder([...new Set(ids)].map((id) => preferencesKey(auth.companyId, id)));
  const images: Record<string, string> = {};
  for (const item of items) {
    const employee = String(item.pk).split('#')[3];
    if (employee && typeof item.profile_image === 'string') images[employee] = await link(item.profile_image);
  }
  return { images };
}
