import { ROLE_LABELS } from '@atende/shared/domain/constants';
import { checkProfileImage } from '@atende/shared/rules/upload';
import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Descriptions, Flex, Modal, Typography, Upload } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MountedEmployee } from '../../../lib/session/account-api.ts';
import { profileModalOpenAtom } from '../state.ts';

export function ProfileModal({ employee }: { employee: MountedEmployee }) {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(profileModalOpenAtom);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (file: File): false => {
    const check = checkProfileImage({ fileName: file.name, mimeType: file.type, size: file.size });
    if (!check.ok) {
      setError(check.message);
      return false;
    }
    setError(undefined);
    setPreview(URL.createObjectURL(file));
    return false;
  };

  return (
    <Modal open={open} title={t('modals.profileTitle')} footer={null} onCancel={() => setOpen(false)}>
      <Flex vertical gap={16} align="center" data-testid="profile-modal">
        <Avatar size={96} src={preview} icon={<UserOutlined />} />
        <Upload accept="image/*" showUploadList={false} beforeUpload={pick}>
          <Button data-testid="profile-image-pick">{t('modals.profileImage')}</Button>
        </Upload>
        <Typography.Text type="secondary">{t('modals.profileImageHint')}</Typography.Text>
        {error && <Alert type="error" showIcon title={error} data-testid="profile-image-error" />}
        <Descriptions column={1} style={{ width: '100%' }}>
          <Descriptions.Item label={t('auth.name')}>{employee.name}</Descriptions.Item>
          <Descriptions.Item label={t('auth.email')}>{employee.email}</Descriptions.Item>
          <Descriptions.Item label={t('home.role')}>{ROLE_LABELS[employee.role]}</Descriptions.Item>
        </Descriptions>
      </Flex>
    </Modal>
  );
}
