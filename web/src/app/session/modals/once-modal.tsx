import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserStore } from '../../../lib/storage/local-store.ts';

/** A modal shown until dismissed once, remembered on this browser under `flagKey`. */
export function OnceModal({
  flagKey,
  when,
  title,
  text,
  testId,
}: {
  flagKey: string;
  when: boolean;
  title: string;
  text: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => browserStore().getItem(flagKey) !== null);
  const close = () => {
    browserStore().setItem(flagKey, new Date().toISOString());
    setDismissed(true);
  };
  return (
    <Modal
      open={when && !dismissed}
      title={title}
      onOk={close}
      onCancel={close}
      okText={t('shell.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph data-testid={testId}>{text}</Typography.Paragraph>
    </Modal>
  );
}
