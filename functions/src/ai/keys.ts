/**
 * Keys of the AI items in the main table.
 *
 * - settings:       pk C#<cid>#AI             sk SETTINGS
 * - usage:          pk C#<cid>#AI_USAGE       sk <yyyy-mm>#<feature>
 * - knowledge base: pk C#<cid>#KB             sk <id>
 * - index revision: pk C#<cid>#KB             sk #REV      (bumped on every change of the company's chunks)
 * - document:       pk C#<cid>#KB_DOCS#<kb>   sk <id>
 * - chunk:          pk C#<cid>#KB_CHUNKS      sk <kb>#<doc>#<nnnnn>  (every chunk of the company: one Query loads the index)
 * - assistant:      pk C#<cid>#ASSISTANTS     sk <id>
 * - skill claim:    pk C#<cid>#AI_SKILL#<conversation>#<message>  sk <tool>#<args hash>#<n>  (TTL)
 * - demand:         pk C#<cid>#AI_DEMANDS     sk <id>  (an open unanswered question, grouped by its wording)
 * - turn stats:     pk C#<cid>#AI_STATS       sk <yyyy-mm-dd>#<assistant>
 * - evaluation:     pk C#<cid>#AI_EVALS       sk <id>  (ids grow with time: newest last; its cases inside, at most 50)
 */
const base = (companyId: string) => `C#${companyId}#`;

export const aiKeys = {
  settings: (companyId: string) => ({ pk: `${base(companyId)}AI`, sk: 'SETTINGS' }),
  usagePartition: (companyId: string) => `${base(companyId)}AI_USAGE`,
  usage: (companyId: string, month: string, feature: string) => ({
    pk: `${base(companyId)}AI_USAGE`,
    sk: `${month}#${feature}`,
  }),
  kbPartition: (companyId: string) => `${base(companyId)}KB`,
  kb: (companyId: string, id: string) => ({ pk: `${base(companyId)}KB`, sk: id }),
  revision: (companyId: string) => ({ pk: `${base(companyId)}KB`, sk: '#REV' }),
  docPartition: (companyId: string, kb: string) => `${base(companyId)}KB_DOCS#${kb}`,
  doc: (companyId: string, kb: string, id: string) => ({ pk: `${base(companyId)}KB_DOCS#${kb}`, sk: id }),
  chunkPartition: (companyId: string) => `${base(companyId)}KB_CHUNKS`,
  chunkPrefix: (kb: string, doc?: string) => (doc ? `${kb}#${doc}#` : `${kb}#`),
  chunk: (companyId: string, kb: string, doc: string, index: number) => ({
    pk: `${base(companyId)}KB_CHUNKS`,
    sk: `${kb}#${doc}#${String(index).padStart(5, '0')}`,
  }),
  assistantPartition: (companyId: string) => `${base(companyId)}ASSISTANTS`,
  assistant: (companyId: string, id: string) => ({ pk: `${base(companyId)}ASSISTANTS`, sk: id }),
  skillClaim: (companyId: string, conversation: string, message: string, call: string) => ({
    pk: `${base(companyId)}AI_SKILL#${conversation}#${message}`,
    sk: call,
  }),
  demandPartition: (companyId: string) => `${base(companyId)}AI_DEMANDS`,
  demand: (companyId: string, id: string) => ({ pk: `${base(companyId)}AI_DEMANDS`, sk: id }),
  statsPartition: (companyId: string) => `${base(companyId)}AI_STATS`,
  stats: (companyId: string, day: string, assistant: string) => ({
    pk: `${base(companyId)}AI_STATS`,
    sk: `${day}#${assistant}`,
  }),
  evaluationPartition: (companyId: string) => `${base(companyId)}AI_EVALS`,
  evaluation: (companyId: string, id: string) => ({ pk: `${base(companyId)}AI_EVALS`, sk: id }),
};

/** Where an uploaded PDF or DOCX of a knowledge base lives in the media bucket. */
export const knowledgeFileKey = (companyId: string, uploadId: string, kind: string) =>
  `knowledge/C/${companyId}/${uploadId}.${kind}`;
