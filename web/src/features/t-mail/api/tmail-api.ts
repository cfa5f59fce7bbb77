import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { getTmail } from '@atende/shared/contracts/tmail/get-tmail';
import { listTmails } from '@atende/shared/contracts/tmail/list-tmails';
import { presignTmailAttachment } from '@atende/shared/contracts/tmail/presign-tmail-attachment';
import { searchTmailPeople } from '@atende/shared/contracts/tmail/search-people';
import { sendTmail } from '@atende/shared/contracts/tmail/send-tmail';
import { unreadTmails } from '@atende/shared/contracts/tmail/unread-tmails';
import { updateTmail } from '@atende/shared/contracts/tmail/update-tmail';
import type { sendTmailBody, TmailBox } from '@atende/shared/contracts/tmail/views';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';
import { uploadWithProgress } from '../../../lib/api/presigned-post.ts';

export type SendTmailInput = z.input<typeof sendTmailBody>;

export const tmailKeys = {
  all: ['tmail'] as const,
  box: (box: TmailBox) => ['tmail', 'box', box] as const,
  mail: (id: string) => ['tmail', 'mail', id] as const,
  unread: ['tmail', 'unread'] as const,
  people: (search: string) => ['tmail', 'people', search] as const,
  departments: ['tmail', 'departments'] as const,
};

export const tmailApi = {
  list: (box: TmailBox, cursor?: string) => callRoute(listTmails, { query: { box, cursor } }),
  get: (id: string) => callRoute(getTmail, { params: { id } }),
  send: (body: SendTmailInput) => callRoute(sendTmail, { body }),
  update: (id: string, body: { archived?: boolean; read?: boolean }) =>
    callRoute(updateTmail, { params: { id }, body }),
  unread: () => callRoute(unreadTmails),
  people: (search: string) => callRoute(searchTmailPeople, { query: { search: search || undefined } }),
  departments: () => callRoute(listDepartments),
  /** Signs, then uploads one attachment straight to the bucket; the answer is what the T-mail refers to. */
  async upload(file: File, onProgress: (percent: number) => void) {
    const mime = file.type || 'application/octet-stream';
    const target = await callRoute(presignTmailAttachment, {
      body: { file_name: file.name, mime_type: mime, size: file.size },
    });
    await uploadWithProgress(target, file, onProgress);
    return { upload_id: target.upload_id, file_name: file.name, mime_type: mime, size: file.size };
  },
};
