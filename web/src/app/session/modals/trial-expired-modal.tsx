import { Modal, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../lib/session/logout.ts';
import { trialJustExpiredAtom } from '../state.ts';

/** Opens when the trial countdown reaches zero; leaving it ends the session, as any navigation would. */
export function TrialExpiredModal({ turn }: { turn: boolean }) {
  const { t } = useTranslation();
  const open = useAtomValue(trialJustExpiredAtom);
  return (
    <Modal
      open={open && turn}
      title={t('modals.trialExpiredTitle')}
      closable={false}
      maskClosable={false}
      okText={t('shell.close')}
      onOk={() => void logout()}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph data-testid="trial-expired-modal">
        {t('modals.trialExpiredText')}
      </Typography.Paragraph>
    </Modal>
  );
}
