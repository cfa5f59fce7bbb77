import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Descriptions, Drawer, Flex, List, Skeleton, Typography } from 'antd';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { useTmail, useUpdateTmail } from '../hooks/use-tmail.ts';

const labels = ptBR.tmail;

/** One T-mail, opened from a box: text kept as plain text (never rendered as HTML), attachments as links. */
export function TmailReader({
  id,
  received,
  onClose,
}: {
  id: string | undefined;
  /** Opened from the inbox or the archive: the reader can archive it or mark it unread. */
  received: boolean;
  onClose: () => void;
}) {
  const mail = useTmail(id);
  const update = useUpdateTmail();
  const data = mail.data;
  return (
    <Drawer open={Boolean(id)} onClose={onClose} size={560} title={data?.subject} data-testid="tmail-reader">
      {mail.isPending && <Skeleton active />}
      {mail.isError && <Alert type="error" title={mail.error.message} />}
      {data && (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={labels.from}>{data.from.name}</Descriptions.Item>
            <Descriptions.Item label={labels.to}>
              {[...data.to, ...data.departments].map((person) => person.name).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={labels.date}>
              {inCompanyZone(data.created_at).format('DD/MM/YYYY HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="tmail-reader-body">
            {data.body}
          </Typography.Paragraph>
          {data.attachments.length > 0 && (
            <List
              header={labels.attachments}
              size="small"
              dataSource={data.attachments}
              renderItem={(attachment) => (
                <List.Item>
                  <a href={attachment.url} target="_blank" rel="noreferrer">
                    {attachment.file_name}
                  </a>
                </List.Item>
              )}
            />
          )}
          {received && (
            <Flex gap={8}>
              <Button
                onClick={() =>
                  update.mutate({ id: data._id, archived: !data.archived }, { onSuccess: onClose })
                }
                loading={update.isPending}
                data-testid="tmail-archive"
              >
                {data.archived ? labels.unarchive : labels.archive}
              </Button>
              <Button onClick={() => update.mutate({ id: data._id, read: false }, { onSuccess: onClose })}>
                {labels.markUnread}
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
