import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserStore } from '../../../lib/storage/local-store.ts';

/** A modal shown until dismissed once, remembered on this browser under `flagKey`. */
export function OnceModal({
  flagKey,
  when,
  turn,
  onDone,
  title,
  text,
  testId,
}: {
  flagKey: string;
  when: boolean;
  /** Another shell modal may be showing: this one waits (and reports when dismissed through onDone). */
  turn: boolean;
  onDone: () => void;
  title: string;
  text: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => browserStore().getItem(flagKey) !== null);
  useEffect(() => {
    if (dismissed) onDone();
  }, [dismissed, onDone]);
  const close = () => {
    browserStore().setItem(flagKey, new Date().toISOString());
    setDismissed(true);
    onDone();
  };
  return (
    <Modal
      open={when && turn && !dismissed}
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
