import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { WALLET_ADMIN_ACCESS, WALLET_EXPORT_ACCESS } from '@atende/shared/contracts/contacts/access';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  SettingOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Flex, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { sortSchedule } from '../forms/wallet-form.ts';
import { useCan, useWallets } from '../hooks/use-contacts.ts';
import { useEmployeeNames, useLiveWallets, useSaveWallet } from '../hooks/use-wallets.ts';
import { useWalletExport } from '../hooks/use-wallet-export.ts';
import { WalletContactsModal } from './wallet-contacts-modal.tsx';
import { WalletDrawer } from './wallet-drawer.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { WalletExportModal } from './wallet-export-modal.tsx';

const labels = ptBR.contactsScreens.wallets;
const common = ptBR.contactsScreens.common;
const weekdays = ptBR.contactsScreens.weekdays;

const scheduleText = (wallet: WalletView) =>
  sortSchedule(wallet.weekly_schedule).map((row) => `${weekdays[row.day]} ${row.start}–${row.end}`);

/** app/contacts/wallets: every wallet with its count, owner, members and schedule; admins of the plan edit them. */
export function WalletsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  useLiveWallets();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const wallets = useWallets();
  const canManage = useCan(WALLET_ADMIN_ACCESS);
  const canExport = useCan(WALLET_EXPORT_ACCESS);
  const exporter = useWalletExport();
  const employees = useEmployeeNames(canManage);
  const { remove } = useSaveWallet();
  const [drawer, setDrawer] = useState<{ open: boolean; editing?: WalletView }>({ open: false });
  const [adding, setAdding] = useState<WalletView>();
  const names = useMemo(
    () => new Map((employees.data ?? []).map((employee) => [employee._id, employee.name])),
    [employees.data],
  );
  const nameOf = (id: string) => names.get(id) ?? '—';

  const confirmDelete = (wallet: WalletView) =>
    modal.confirm({
      title: common.deleteConfirm.replace('{{name}}', wallet.name),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { danger: true, 'data-testid': 'wallet-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(wallet._id);
          void message.success(labels.deleted, LIMITS.toastDurationMs / 1000);
        } catch (error) {
          const text = error instanceof ApiRequestError ? error.message : common.saveFailed;
          void message.error(text, LIMITS.toastDurationMs / 1000);
        }
      },
    });

  return (
    <div data-testid="wallets-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex justify="end" style={{ marginBlock: 16 }}>
        {canManage && (
          <Button type="primary" onClick={() => setDrawer({ open: true })} data-testid="wallet-add">
            {labels.newWallet}
          </Button>
        )}
      </Flex>
      {wallets.isError ? (
        <Alert
          type="error"
          showIcon
          title={wallets.error instanceof ApiRequestError ? wallets.error.message : common.loadFailed}
          action={<Button onClick={() => void wallets.refetch()}>{common.retry}</Button>}
        />
      ) : (
        <ResponsiveTable<WalletView>
          rowKey="_id"
          loading={wallets.isLoading}
          dataSource={wallets.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: common.empty }}
          onRow={(wallet) => ({ 'data-testid': 'wallet-row', 'data-wallet-id': wallet._id }) as object}
          columns={[
            { title: labels.name, dataIndex: 'name' },
            {
              title: labels.customers,
              dataIndex: 'customers_count',
              render: (count: number) => <span data-testid="wallet-customers-count">{count}</span>,
            },
            { title: labels.owner, key: 'owner', render: (_, wallet) => nameOf(wallet.employee_owner) },
            {
              title: labels.employees,
              key: 'employees',
              render: (_, wallet) => (
                <Flex wrap gap={4}>
                  {wallet.employees.map((id) => (
                    <Tag key={id}>{nameOf(id)}</Tag>
                  ))}
                </Flex>
              ),
            },
            {
              title: labels.schedule,
              key: 'schedule',
              render: (_, wallet) => (
                <Flex vertical>
                  {scheduleText(wallet).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </Flex>
              ),
            },
            {
              title: common.actions,
              key: 'actions',
              hidden: !canManage && !canExport,
              render: (_, wallet) => (
                <Flex gap={4}>
                  {canExport && (
                    <Tooltip title={labels.export}>
                      <Button
                        type="text"
                        icon={<DownloadOutlined />}
                        aria-label={labels.export}
                        onClick={() => exporter.open(wallet)}
                        data-testid="wallet-export-start"
                      />
                    </Tooltip>
                  )}
                  {canManage && (
                    <>
                      <Tooltip title={labels.addContacts}>
                        <Button
                          type="text"
                          icon={<UsergroupAddOutlined />}
                          aria-label={labels.addContacts}
                          onClick={() => setAdding(wallet)}
                          data-testid="wallet-add-contact"
                        />
                      </Tooltip>
                      <Tooltip title={labels.manage}>
                        <Button
                          type="text"
                          icon={<SettingOutlined />}
                          aria-label={labels.manage}
                          onClick={() => navigate(`/app/contacts/wallets/manager/${wallet._id}`)}
                          data-testid="wallet-manage"
                        />
                      </Tooltip>
                      <Tooltip title={common.edit}>
                        <Button
                          type="text"
                          icon={<EditOutlined />}
                          aria-label={common.edit}
                          onClick={() => setDrawer({ open: true, editing: wallet })}
                          data-testid="wallet-edit"
                        />
                      </Tooltip>
                      <Tooltip title={common.delete}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={common.delete}
                          onClick={() => confirmDelete(wallet)}
                          data-testid="wallet-delete"
                        />
                      </Tooltip>
                    </>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
      <WalletDrawer
        open={drawer.open}
        editing={drawer.editing}
        employees={employees.data ?? []}
        loadingEmployees={employees.isLoading}
        onClose={() => setDrawer({ open: false })}
      />
      <WalletContactsModal wallet={adding} onClose={() => setAdding(undefined)} />
      <WalletExportModal exporter={exporter} />
    </div>
  );
}
