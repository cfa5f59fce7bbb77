import { ROLE_LABELS } from '@atende/shared/domain/constants';
import { checkProfileImage } from '@atende/shared/rules/upload';
import { UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Descriptions, Flex, Modal, Progress, Radio, Typography, Upload } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MyCompanies } from '../../../features/invitations/components/my-companies.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import type { MountedEmployee } from '../../../lib/session/account-api.ts';
import { profileApi, profileKeys, useOwnProfile } from '../../../lib/session/profile-api.ts';
import { profileModalOpenAtom } from '../state.ts';

export function ProfileModal({ employee }: { employee: MountedEmployee }) {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(profileModalOpenAtom);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const profile = useOwnProfile();
  const queryClient = useQueryClient();

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
    setProgress(0);
    profileApi
      .uploadImage(file, setProgress)
      .then((saved) => queryClient.setQueryData(profileKeys.own, saved))
      .catch((failure: unknown) => {
        setPreview(undefined);
        setError(failure instanceof ApiRequestError ? failure.message : t('modals.profileImageFailed'));
      })
      .finally(() => setProgress(undefined));
    return false;
  };

  const direction = profile.data?.direction ?? 'ltr';
  const changeDirection = (next: 'ltr' | 'rtl') =>
    void profileApi
      .setDirection(next)
      .then((saved) => queryClient.setQueryData(profileKeys.own, saved))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));

  return (
    <Modal open={open} title={t('modals.profileTitle')} footer={null} onCancel={() => setOpen(false)}>
      <Flex vertical gap={16} align="center" data-testid="profile-modal">
        <Avatar
          size={96}
          src={preview ?? profile.data?.image_url}
          icon={<UserOutlined />}
          data-testid="profile-avatar"
        />
        <Upload accept="image/*" showUploadList={false} beforeUpload={pick}>
          <Button data-testid="profile-image-pick">{t('modals.profileImage')}</Button>
        </Upload>
        {progress !== undefined && <Progress percent={progress} size="small" style={{ width: 200 }} />}
        <Typography.Text type="secondary">{t('modals.profileImageHint')}</Typography.Text>
        <Radio.Group
          value={direction}
          onChange={(event) => changeDirection(event.target.value as 'ltr' | 'rtl')}
          data-testid="profile-direction"
        >
          <Radio.Button value="ltr">{t('modals.directionLtr')}</Radio.Button>
          <Radio.Button value="rtl">{t('modals.directionRtl')}</Radio.Button>
        </Radio.Group>
        {error && <Alert type="error" showIcon title={error} data-testid="profile-image-error" />}
        <Descriptions column={1} style={{ width: '100%' }}>
          <Descriptions.Item label={t('auth.name')}>{employee.name}</Descriptions.Item>
          <Descriptions.Item label={t('auth.email')}>{employee.email}</Descriptions.Item>
          <Descriptions.Item label={t('home.role')}>{ROLE_LABELS[employee.role]}</Descriptions.Item>
        </Descriptions>
        <MyCompanies currentCompanyId={employee.company._id} />
      </Flex>
    </Modal>
  );
}
