import { ptBR } from '@atende/shared/i18n/pt-BR';
import { isChatRoute } from '@atende/shared/rules/modals';
import { Button, List, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLocation } from 'react-router-dom';
import { useMarkNewsRead, useNews } from '../api/news-api.ts';

const labels = ptBR.news;

/** Spec shell modal "news": unread important news, never over the chat; reading them closes it for good. */
export function NewsModal() {
  const { pathname } = useLocation();
  const news = useNews();
  const mark = useMarkNewsRead();
  const unread = (news.data ?? []).filter((item) => item.important && !item.read);
  if (unread.length === 0 || isChatRoute(pathname)) return null;
  return (
    <Modal
      open
      title={labels.modalTitle}
      onCancel={() => mark.mutate(unread.map((item) => item.id))}
      footer={
        <Button
          type="primary"
          loading={mark.isPending}
          onClick={() => mark.mutate(unread.map((item) => item.id))}
          data-testid="news-modal-ok"
        >
          {labels.gotIt}
        </Button>
      }
    >
      <List
        data-testid="news-modal"
        dataSource={unread}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta title={item.title} description={<Typography.Text>{item.body}</Typography.Text>} />
            <Typography.Text type="secondary">{dayjs(item.date).format('DD/MM/YYYY')}</Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}
