import { DeleteObjectCommand, HeadObjectCommand, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import {
  fileKindOf,
  KNOWLEDGE_FILE_MAX_BYTES,
  KNOWLEDGE_FILE_MAX_MB,
  KNOWLEDGE_FILE_TYPES,
  type KnowledgeFileKind,
} from '@atende/shared/contracts/ai/knowledge-views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { uploadPtBR } from '@atende/shared/i18n/pt-BR';
import { aiFilesPtBR } from '@atende/shared/i18n/ai';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
import { s3Client } from '../lib/s3-client.ts';
import { knowledgeFileKey } from './keys.ts';

const EXPIRES_SECONDS = 300;

/** A presigned POST for a PDF or DOCX of this company; the key is built here from ids, never sent by the client. */
export async function presignKnowledgeUpload(companyId: string, file: { file_name: string }) {
  const kind = fileKindOf(file.file_name);
  if (!kind) throw new Invalid('file_name', aiFilesPtBR.unsupported);
  const uploadId = newObjectId();
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config().mediaBucket,
    Key: knowledgeFileKey(companyId, uploadId, kind),
    Conditions: [
      ['content-length-range', 1, KNOWLEDGE_FILE_MAX_BYTES],
      ['eq', '$Content-Type', KNOWLEDGE_FILE_TYPES[kind]],
    ],
    Fields: { 'Content-Type': KNOWLEDGE_FILE_TYPES[kind] },
    Expires: EXPIRES_SECONDS,
  });
  return { upload_id: uploadId, url, fields, max_bytes: KNOWLEDGE_FILE_MAX_BYTES };
}

/** The uploaded file must be there (and within the limit) before a document names it: a clear 400 otherwise. */
export async function checkUploaded(companyId: string, uploadId: string, kind: KnowledgeFileKind) {
  let head: HeadObjectCommandOutput;
  try {
    head = await s3Client().send(
      new HeadObjectCommand({
        Bucket: config().mediaBucket,
        Key: knowledgeFileKey(companyId, uploadId, kind),
      }),
    );
  } catch {
    throw new Invalid('upload_id', aiFilesPtBR.notUploaded);
  }
  if ((head.ContentLength ?? 0) > KNOWLEDGE_FILE_MAX_BYTES)
    throw new Invalid('upload_id', interpolate(uploadPtBR.sizeExceeded, { n: KNOWLEDGE_FILE_MAX_MB }));
}

export async function removeKnowledgeFile(companyId: string, uploadId: string, kind: KnowledgeFileKind) {
  await s3Client().send(
    new DeleteObjectCommand({
      Bucket: config().mediaBucket,
      Key: knowledgeFileKey(companyId, uploadId, kind),
    }),
  );
}
