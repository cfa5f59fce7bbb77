import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, List, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useMarkNewsRead, useNews } from '../api/news-api.ts';

const labels = ptBR.news;

/** Where the modal may open: the landing page, so it never stands over the chat or a screen in use. */
const NEWS_ROUTE = '/app/home';
const DISMISSED_KEY = 'atende:news-dismissed';

const readDismissed = (): string[] => {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Spec shell modal "news": unread important news, shown on the home page (never on the chat route); closing it
 * marks them read, and they stay closed for this browser tab even before the server has answered. `onWant`
 * tells the shell there is something to show and `turn` when it may open, so it never covers the mandatory
 * password change or another shell modal.
 */
export function NewsModal({ turn, onWant }: { turn: boolean; onWant: (wants: boolean) => void }) {
  const { pathname } = useLocation();
  const news = useNews();
  const mark = useMarkNewsRead();
  const [dismissed, setDismissed] = useState(readDismissed);
  const unread = (news.data ?? []).filter(
    (item) => item.important && !item.read && !dismissed.includes(item.id),
  );
  const wants = unread.length > 0 && pathname === NEWS_ROUTE;
  useEffect(() => onWant(wants), [wants, onWant]);
  if (!wants || !turn) return null;
  const close = () => {
    const ids = unread.map((item) => item.id);
    const next = [...dismissed, ...ids];
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
    mark.mutate(ids);
  };
  return (
    <Modal
      open
      title={labels.modalTitle}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close} data-testid="news-modal-ok">
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
