import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Grid, Select, Skeleton, Space, Tabs } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { COMPANY_LIVE_EVENTS, companyKeysForFrame } from '../api/query-keys.ts';
import type { FormSection } from '../forms/settings-fields.ts';
import {
  useDepartmentChoices,
  useFlowChoices,
  usePermissions,
  useProfile,
  useRolloutBlacklist,
  useSettings,
} from '../hooks/use-company.ts';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { OfficeHoursCard } from './office-hours-card.tsx';
import { PermissionsCard } from './permissions-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { RolloutsCard } from './rollouts-card.tsx';
import { SettingsSectionCard } from './settings-section-card.tsx';

/** Editors that belong to other features, handed in by the app so features never import each other. */
export interface CompanySettingsPanels {
  departments?: ComponentType;
  tabulations?: ComponentType;
}

interface CompanySettingsPageProps {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  panels?: CompanySettingsPanels;
}

type TabKey = keyof typeof ptBR.adminScreens.company.tabs;

/** Spec point 2 sections, grouped by what an admin looks for together. */
const TAB_SECTIONS: Partial<Record<TabKey, readonly FormSection[]>> = {
  chat: [
    'chatLimits',
    'autoClose',
    'chatbotForwarding',
    'queue',
    'intervals',
    'invalidResponses',
    'serviceEvaluation',
    'showOperatorName',
    'blockDisengagedContacts',
  ],
  messages: ['hiddenSystemMessages', 'resendLostMessages', 'notifications'],
  automation: ['commands', 'flow', 'dynamicProperties', 'whatsapp'],
  contacts: ['wallets', 'leads'],
  departments: ['departmentsMenu'],
  tabulations: ['serviceCategories'],
  dataProtection: ['dataProtection'],
};

/** The menu's holidays entry links here with #holidays. */
const HASH_TABS: Record<string, TabKey> = { holidays: 'officeHours', 'office-hours': 'officeHours' };

const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : ptBR.adminScreens.common.loadFailed;

function QueryState({
  query,
  testId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  testId: string;
  children: () => ReactNode;
}) {
  if (query.isPending) return <Skeleton active data-testid={`${testId}-loading`} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(query.error)}
        action={<Button onClick={() => void query.refetch()}>{ptBR.adminScreens.common.retry}</Button>}
        data-testid={`${testId}-error`}
      />
    );
  return <>{children()}</>;
}

export function CompanySettingsPage({ title, breadcrumb, panels = {} }: CompanySettingsPageProps) {
  const { hash } = useLocation();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  useLiveInvalidation(COMPANY_LIVE_EVENTS, companyKeysForFrame);
  const settings = useSettings();
  const permissions = usePermissions();
  const profile = useProfile();
  const rollouts = useRolloutBlacklist();
  const departments = useDepartmentChoices();
  const flows = useFlowChoices();
  const tabs = ptBR.adminScreens.company.tabs;
  const active = HASH_TABS[hash.slice(1)] ?? ((hash.slice(1) in tabs ? hash.slice(1) : 'chat') as TabKey);

  const sections = (key: TabKey, document: CompanySettingsDocument) =>
    (TAB_SECTIONS[key] ?? []).map((section) => (
      <SettingsSectionCard
        key={section}
        section={section}
        document={document}
        departments={departments.data ?? []}
        flows={flows.data ?? []}
      />
    ));

  const settingsTab = (key: TabKey, extra?: ComponentType) => {
    const Extra = extra;
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <QueryState query={settings} testId="company-settings">
          {() => settings.data && sections(key, settings.data)}
        </QueryState>
        {Extra && (
          <Suspense fallback={<Skeleton active />}>
            <Extra />
          </Suspense>
        )}
      </Space>
    );
  };

  const items = (Object.keys(tabs) as TabKey[]).map((key) => {
    let children: ReactNode;
    if (key === 'permissions')
      children = (
        <QueryState query={permissions} testId="company-permissions">
          {() => permissions.data && <PermissionsCard permissions={permissions.data} />}
        </QueryState>
      );
    else if (key === 'profile')
      children = (
        <QueryState query={profile} testId="company-profile">
          {() => profile.data && <ProfileCard profile={profile.data} />}
        </QueryState>
      );
    else if (key === 'rollouts')
      children = (
        <QueryState query={rollouts} testId="company-rollouts">
          {() => rollouts.data && <RolloutsCard rollouts={rollouts.data.rollouts} />}
        </QueryState>
      );
    else if (key === 'officeHours')
      children = (
        <QueryState query={settings} testId="company-office-hours">
          {() => settings.data && <OfficeHoursCard document={settings.data} />}
        </QueryState>
      );
    else
      children = settingsTab(
        key,
        key === 'departments' ? panels.departments : key === 'tabulations' ? panels.tabulations : undefined,
      );
    return { key, label: <span data-testid={`company-tab-${key}`}>{tabs[key]}</span>, children };
  });

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate({ hash: key }, { replace: true })}
        items={items}
        tabPlacement={screens.lg ? 'start' : 'top'}
        // Under lg the many sections would overflow a tab strip (and antd's overflow button breaks the tablist's
        // ARIA): a select picks the section instead.
        renderTabBar={
          screens.lg
            ? undefined
            : () => (
                <Select
                  value={active}
                  onChange={(key: string) => navigate({ hash: key }, { replace: true })}
                  options={(Object.keys(tabs) as TabKey[]).map((key) => ({ value: key, label: tabs[key] }))}
                  aria-label={title}
                  style={{ width: '100%', marginBottom: 16 }}
                  data-testid="company-settings-section"
                />
              )
        }
        destroyOnHidden
        data-testid="company-settings-tabs"
      />
    </>
  );
}
