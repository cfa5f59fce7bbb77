import { Descriptions, Empty, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MountedEmployee } from '../../lib/session/account-api.ts';

/**
 * The account menu's plan, consumption and financial entries. The plan entry shows the company's plan; the other
 * two belong to the billing issue, so they show an empty state until it lands.
 */
export function AccountInfoModal({
  action,
  title,
  employee,
  onClose,
}: {
  action: 'plan-modal' | 'consumption-modal' | 'financial';
  title: string;
  employee: MountedEmployee;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { company } = employee;
  return (
    <Modal open title={title} footer={null} onCancel={onClose}>
      <div data-testid={`account-modal-${action}`}>
        {action === 'plan-modal' ? (
          <Descriptions column={1}>
            <Descriptions.Item label={t('home.company')}>{company.name}</Descriptions.Item>
            <Descriptions.Item label={t('home.plan')}>
              {t(`plans.${company.account_type}`)}
              {company.account_is_trial && (
                <Tag color="gold" style={{ marginLeft: 8 }}>
                  {t('home.trial')}
                </Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t('shell.emptyArea')} />
        )}
      </div>
    </Modal>
  );
}
