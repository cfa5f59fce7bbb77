import type { BlacklistEntryView } from '@atende/shared/contracts/blacklist/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { inCompanyZone } from '../../../lib/dates/dates.ts';
import { fetchBlacklist, postBlacklist, removeBlacklist } from '../api/contacts-api.ts';
import { contactKeys } from '../api/query-keys.ts';
import { displayPhone } from '../forms/phone-mask.ts';
import { ContactPicker } from './contact-picker.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.contactsScreens.blacklist;
const common = ptBR.contactsScreens.common;
const BLACKLIST_KEY = [...contactKeys.all, 'blacklist'] as const;

/** app/contacts/blacklist: blocked contacts (no conversation, notification or campaign); block and unblock. */
export function BlacklistPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: BLACKLIST_KEY, queryFn: fetchBlacklist, select: (a) => a.blacklist });
  const [picked, setPicked] = useState<string>();
  const done = () => queryClient.invalidateQueries({ queryKey: contactKeys.all });
  const add = useMutation({ mutationFn: postBlacklist, onSuccess: done });
  const remove = useMutation({ mutationFn: removeBlacklist, onSuccess: done });
  const fail = (error: unknown) =>
    void message.error(
      error instanceof ApiRequestError ? error.message : common.saveFailed,
      LIMITS.toastDurationMs / 1000,
    );

  const block = async () => {
    if (!picked) return;
    try {
      await add.mutateAsync(picked);
      setPicked(undefined);
      void message.success(labels.added, LIMITS.toastDurationMs / 1000);
    } catch (error) {
      fail(error);
    }
  };

  const unblock = (entry: BlacklistEntryView) =>
    modal.confirm({
      title: labels.removeConfirm.replace('{{name}}', entry.full_name),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { 'data-testid': 'blacklist-remove-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(entry.customer);
          void message.success(labels.removed, LIMITS.toastDurationMs / 1000);
        } catch (error) {
          fail(error);
        }
      },
    });

  return (
    <div data-testid="blacklist-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex wrap gap={8} style={{ marginBlock: 16 }}>
        <ContactPicker
          placeholder={labels.pickContact}
          value={picked}
          onChange={(next) => setPicked(typeof next === 'string' ? next : undefined)}
          testId="blacklist-contact-picker"
        />
        <Button
          type="primary"
          danger
          disabled={!picked}
          loading={add.isPending}
          onClick={() => void block()}
          data-testid="blacklist-add"
        >
          {labels.add}
        </Button>
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={list.error instanceof ApiRequestError ? list.error.message : common.loadFailed}
          action={<Button onClick={() => void list.refetch()}>{common.retry}</Button>}
        />
      ) : (
        <ResponsiveTable<BlacklistEntryView>
          rowKey="customer"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          locale={{ emptyText: common.empty }}
          onRow={(entry) => ({ 'data-testid': 'blacklist-row', 'data-contact-id': entry.customer }) as object}
          columns={[
            { title: ptBR.contactsScreens.contacts.fullName, dataIndex: 'full_name' },
            {
              title: ptBR.contactsScreens.contacts.phone,
              key: 'phone',
              render: (_, entry) => (entry.cel_phone ? displayPhone(entry.cel_phone) : ''),
            },
            { title: ptBR.contactsScreens.contacts.email, dataIndex: 'email' },
            {
              title: labels.blockedAt,
              dataIndex: 'blocked_at',
              render: (at: string) => inCompanyZone(at).format('DD/MM/YYYY HH:mm'),
            },
            {
              title: common.actions,
              key: 'actions',
              render: (_, entry) => (
                <Button size="small" onClick={() => unblock(entry)} data-testid="blacklist-remove">
                  {labels.remove}
                </Button>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
