import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { EditOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Empty, Flex, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { displayPhone } from '../forms/phone-mask.ts';
import { sortSchedule } from '../forms/wallet-form.ts';
import { useContactList, useSaveContact, useWallets } from '../hooks/use-contacts.ts';
import { useEmployeeNames, useLiveWallets } from '../hooks/use-wallets.ts';
import { WalletContactsModal } from './wallet-contacts-modal.tsx';
import { WalletDrawer } from './wallet-drawer.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.contactsScreens.wallets;
const common = ptBR.contactsScreens.common;

/** app/contacts/wallets/manager/:wallet_selected?: one wallet, its members and schedule, and its contacts. */
export function WalletManagerPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useLiveWallets();
  const { wallet_selected: walletId } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const wallets = useWallets();
  const employees = useEmployeeNames(true);
  const wallet = wallets.data?.find((item) => item._id === walletId);
  const filters = useMemo(
    () => ({ search: '', tags: [], ...(walletId ? { wallet: walletId } : {}) }),
    [walletId],
  );
  const contacts = useContactList(filters);
  const { update } = useSaveContact();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const names = new Map((employees.data ?? []).map((employee) => [employee._id, employee.name]));

  const removeFromWallet = async (contact: ContactView) => {
    try {
      await update.mutateAsync({ id: contact._id, body: { wallet: null } });
      void message.success(ptBR.contactsScreens.contacts.updated, LIMITS.toastDurationMs / 1000);
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : common.saveFailed);
    }
  };

  return (
    <div data-testid="wallet-manager-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <Select
          style={{ maxWidth: 360 }}
          aria-label={labels.pick}
          placeholder={labels.pick}
          value={walletId}
          loading={wallets.isLoading}
          onChange={(id: string) => navigate(`/app/contacts/wallets/manager/${id}`)}
          options={(wallets.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
          notFoundContent={ptBR.forms.noOptions}
          data-testid="wallet-manager-select"
        />
        {!wallet ? (
          <Empty description={labels.pick} />
        ) : (
          <>
            <Card
              title={wallet.name}
              extra={
                <Flex gap={8}>
                  <Button
                    icon={<UsergroupAddOutlined />}
                    onClick={() => setAdding(true)}
                    data-testid="wallet-add-contact"
                  >
                    {labels.addContacts}
                  </Button>
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                    {common.edit}
                  </Button>
                </Flex>
              }
            >
              <Descriptions
                column={1}
                items={[
                  { key: 'count', label: labels.customers, children: wallet.customers_count },
                  { key: 'owner', label: labels.owner, children: names.get(wallet.employee_owner) ?? '—' },
                  {
                    key: 'employees',
                    label: labels.employees,
                    children: wallet.employees.map((id) => names.get(id) ?? '—').join(', '),
                  },
                  {
                    key: 'schedule',
                    label: labels.schedule,
                    children: sortSchedule(wallet.weekly_schedule)
                      .map((row) => `${ptBR.contactsScreens.weekdays[row.day]} ${row.start}–${row.end}`)
                      .join('; '),
                  },
                ]}
              />
            </Card>
            <ResponsiveTable<ContactView>
              rowKey="_id"
              loading={contacts.query.isLoading}
              dataSource={contacts.items}
              locale={{ emptyText: common.empty }}
              pagination={false}
              footer={() =>
                contacts.query.hasNextPage ? (
                  <Button
                    loading={contacts.query.isFetchingNextPage}
                    onClick={() => void contacts.query.fetchNextPage()}
                  >
                    {common.loadMore}
                  </Button>
                ) : null
              }
              columns={[
                { title: ptBR.contactsScreens.contacts.fullName, dataIndex: 'full_name' },
                {
                  title: ptBR.contactsScreens.contacts.phone,
                  key: 'phone',
                  render: (_, contact) => (contact.cel_phone ? displayPhone(contact.cel_phone) : ''),
                },
                { title: ptBR.contactsScreens.contacts.email, dataIndex: 'email' },
                {
                  title: common.actions,
                  key: 'actions',
                  render: (_, contact) => (
                    <Button size="small" danger onClick={() => void removeFromWallet(contact)}>
                      {common.delete}
                    </Button>
                  ),
                },
              ]}
            />
          </>
        )}
      </Flex>
      <WalletDrawer
        open={editing}
        editing={wallet}
        employees={employees.data ?? []}
        loadingEmployees={employees.isLoading}
        onClose={() => setEditing(false)}
      />
      <WalletContactsModal wallet={adding ? wallet : undefined} onClose={() => setAdding(false)} />
    </div>
  );
}
