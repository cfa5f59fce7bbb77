/**
 * Keys of T-mail items in the main table.
 *
 * - mail:  pk C#<cid>#TMAIL#<id>              sk MAIL          (subject, body, people, attachments)
 * - entry: pk C#<cid>#TMAILBOX#<employee>     sk <box>#<id>    (a summary copy and the reader's read state)
 *   box IN (received), ARCH (received and archived), SENT; ids are object ids, so sk order is time order.
 */
const base = (companyId: string) => `C#${companyId}#`;

export const BOX_PREFIX = { inbox: 'IN#', archived: 'ARCH#', sent: 'SENT#' } as const;
export type BoxName = keyof typeof BOX_PREFIX;

export const tmailKeys = {
  mail: (companyId: string, id: string) => ({ pk: `${base(companyId)}TMAIL#${id}`, sk: 'MAIL' }),
  box: (companyId: string, employeeId: string) => `${base(companyId)}TMAILBOX#${employeeId}`,
  entry: (companyId: string, employeeId: string, box: BoxName, id: string) => ({
    pk: `${base(companyId)}TMAILBOX#${employeeId}`,
    sk: `${BOX_PREFIX[box]}${id}`,
  }),
};

/** Attachments live in the media bucket under the company and the uploader; the key never comes from the body. */
export const attachmentKey = (companyId: string, senderId: string, uploadId: string, extension: string) =>
  `tmail/C/${companyId}/${senderId}/${uploadId}${extension ? `.${extension}` : ''}`;
