import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { AccessContext } from '@atende/shared/rules/access';
import { canSeeMenuItem } from '@atende/shared/rules/access';
import type { AccountMenuItem } from '@atende/shared/routes/menu';
import { ACCOUNT_MENU } from '@atende/shared/routes/menu';
import type { MenuProps } from 'antd';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MountedEmployee } from '../../lib/session/account-api.ts';
import { logout } from '../../lib/session/logout.ts';
import { profileModalOpenAtom } from '../session/state.ts';
import { AccountInfoModal } from './account-info-modal.tsx';

type InfoAction = Extract<AccountMenuItem['action'], 'plan-modal' | 'consumption-modal' | 'financial'>;

export function AccountMenu({ employee, access }: { employee: MountedEmployee; access: AccessContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openProfile = useSetAtom(profileModalOpenAtom);
  const [info, setInfo] = useState<{ action: InfoAction; title: string }>();
  const visible = ACCOUNT_MENU.filter((item) => canSeeMenuItem(item, access));

  const items: MenuProps['items'] = visible.map((item) => ({
    key: item.key,
    label: item.label,
    danger: item.action === 'logout',
    'data-testid': `account-menu-${item.key}`,
  }));

  const choose: MenuProps['onClick'] = ({ key }) => {
    const item = visible.find((candidate) => candidate.key === key);
    if (!item) return;
    if (item.path) navigate(item.path);
    else if (item.action === 'logout') void logout();
    else if (item.action === 'profile-modal') openProfile(true);
    else if (item.action) setInfo({ action: item.action, title: item.label });
  };

  return (
    <>
      <Dropdown menu={{ items, onClick: choose }} trigger={['click']} placement="bottomRight">
        <Button type="text" data-testid="account-menu-button" aria-label={t('shell.accountMenu')}>
          <Space>
            <Avatar size="small" icon={<UserOutlined />} />
            <span className="account-menu-name">{employee.name}</span>
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      {info && <AccountInfoModal {...info} employee={employee} onClose={() => setInfo(undefined)} />}
    </>
  );
}
