import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { AccessContext } from '@atende/shared/rules/access';
import { canSeeMenuItem } from '@atende/shared/rules/access';
import type { AccountMenuItem } from '@atende/shared/routes/menu';
import { ACCOUNT_MENU } from '@atende/shared/routes/menu';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { App, Avatar, Button, Dropdown, Space } from 'antd';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { switchToCompany } from '../../features/auth/api/companies.ts';
import { accountCompaniesKey, fetchAccountCompanies } from '../../lib/session/account-companies.ts';
import { ApiRequestError } from '../../lib/api/api-error.ts';
import type { MountedEmployee } from '../../lib/session/account-api.ts';
import { logout } from '../../lib/session/logout.ts';
import { useOwnProfile } from '../../lib/session/profile-api.ts';
import { profileModalOpenAtom } from '../session/state.ts';
import { AccountInfoModal } from './account-info-modal.tsx';
import { useScreenSize } from '../../lib/screen/use-screen.ts';

type InfoAction = Extract<AccountMenuItem['action'], 'plan-modal' | 'consumption-modal' | 'financial'>;

const COMPANY_KEY = 'company:';

/** "Trocar empresa": the account's other companies, offered only when it works in more than one. */
function useCompanySwitch(currentCompanyId: string) {
  const { message } = App.useApp();
  const companies = useQuery({ queryKey: accountCompaniesKey, queryFn: fetchAccountCompanies });
  const list = companies.data ?? [];
  const item: NonNullable<MenuProps['items']>[number] | undefined =
    list.length > 1
      ? {
          key: 'switch-company',
          label: ptBR.accounts.switchCompany,
          'data-testid': 'account-menu-switch-company',
          children: list.map((company) => ({
            key: `${COMPANY_KEY}${company._id}`,
            label: company.name,
            disabled: company._id === currentCompanyId,
            'data-testid': `account-menu-company-${company._id}`,
          })),
        }
      : undefined;
  const choose = async (companyId: string): Promise<void> => {
    try {
      await switchToCompany(companyId);
      // A full reload, as after logout: no cached data or socket room of the old company survives.
      window.location.replace('/app/home');
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : ptBR.accounts.switchFailed);
    }
  };
  return { item, choose };
}

export function AccountMenu({ employee, access }: { employee: MountedEmployee; access: AccessContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openProfile = useSetAtom(profileModalOpenAtom);
  const [info, setInfo] = useState<{ action: InfoAction; title: string }>();
  const visible = ACCOUNT_MENU.filter((item) => canSeeMenuItem(item, access));
  const companySwitch = useCompanySwitch(employee.company._id);
  const profile = useOwnProfile();
  // A phone's header has room for the avatar only.
  const phone = useScreenSize() === 'mobile';

  const items: MenuProps['items'] = visible.flatMap((item) => [
    ...(item.action === 'logout' && companySwitch.item ? [companySwitch.item] : []),
    {
      key: item.key,
      label: item.label,
      danger: item.action === 'logout',
      'data-testid': `account-menu-${item.key}`,
    },
  ]);

  const choose: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(COMPANY_KEY)) {
      void companySwitch.choose(key.slice(COMPANY_KEY.length));
      return;
    }
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
            <Avatar
              size="small"
              src={profile.data?.image_url}
              icon={<UserOutlined />}
              data-testid="account-avatar"
            />
            {!phone && (
              <span
                className="account-menu-name"
                style={{
                  display: 'inline-block',
                  maxWidth: 160,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {employee.name}
              </span>
            )}
            {!phone && <DownOutlined />}
          </Space>
        </Button>
      </Dropdown>
      {info && <AccountInfoModal {...info} employee={employee} onClose={() => setInfo(undefined)} />}
    </>
  );
}
