import { plural } from '@atende/shared/i18n/interpolate';
import { EXPORT_ACCESS, IMPORT_ACCESS, WALLET_VIEW_ACCESS } from '@atende/shared/contracts/contacts/access';
import { SMART_TAGS_ACCESS } from '@atende/shared/contracts/smart-tags/access';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DownloadOutlined, SearchOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useContactExport } from '../hooks/use-contact-export.ts';
import {
  useCan,
  useContactList,
  useDebouncedSearch,
  useSaveContact,
  useSmartTagChoices,
  useTags,
  useWallets,
} from '../hooks/use-contacts.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ContactList } from './contact-list.tsx';

const labels = ptBR.contactsScreens.contacts;
const common = ptBR.contactsScreens.common;
const IMPORT_PATH = '/app/contacts/import';

interface ContactsPageProps {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}

/** app/contacts and app/contacts/customers/*: find, create, edit and delete contacts; import and export. */
export function ContactsPage({ title, breadcrumb }: ContactsPageProps) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { text, setText, search } = useDebouncedSearch();
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [walletFilter, setWalletFilter] = useState<string>();
  const [smartTagFilter, setSmartTagFilter] = useState<string>();
  const filters = useMemo(
    () => ({
      search,
      tags: tagFilter,
      ...(walletFilter ? { wallet: walletFilter } : {}),
      ...(smartTagFilter ? { smartTag: smartTagFilter } : {}),
    }),
    [search, tagFilter, walletFilter, smartTagFilter],
  );
  const { query, items } = useContactList(filters);
  const tags = useTags();
  const wallets = useWallets();
  const { remove } = useSaveContact();
  const exporter = useContactExport();
  const canImport = useCan(IMPORT_ACCESS);
  const canExport = useCan(EXPORT_ACCESS);
  const canDelete = useCan(deleteContact.access);
  const canFilterByWallet = useCan(WALLET_VIEW_ACCESS);
  const smartTags = useSmartTagChoices(useCan(SMART_TAGS_ACCESS));
  const [drawer, setDrawer] = useState<{ open: boolean; editing?: ContactView }>({ open: false });

  const tagMap = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag._id, tag])), [tags.data]);
  const walletNames = useMemo(
    () => new Map((wallets.data ?? []).map((wallet) => [wallet._id, wallet.name])),
    [wallets.data],
  );

  const confirmDelete = (contact: ContactView) =>
    modal.confirm({
      title: labels.deleteConfirm.replace('{{name}}', contact.full_name),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { danger: true, 'data-testid': 'contact-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(contact._id);
          void message.success(labels.deleted, LIMITS.toastDurationMs / 1000);
        } catch (error) {
          const text = error instanceof ApiRequestError ? error.message : common.saveFailed;
          void message.error(text, LIMITS.toastDurationMs / 1000);
        }
      },
    });

  return (
    <div data-testid="contacts-page">
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          {
            key: 'export',
            label: labels.export,
            icon: <DownloadOutlined />,
            hidden: !canExport,
            processing: exporter.running,
            onClick: () => void exporter.start(),
          },
          {
            key: 'import',
            label: labels.import,
            icon: <UploadOutlined />,
            hidden: !canImport,
            onClick: () => navigate(IMPORT_PATH),
          },
        ]}
      />
      <Flex wrap gap={12} style={{ marginBlock: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          aria-label={labels.search}
          placeholder={labels.search}
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ maxWidth: 360 }}
          data-testid="contacts-search"
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={labels.tagsFilter}
          placeholder={labels.tagsFilter}
          value={tagFilter}
          onChange={setTagFilter}
          optionFilterProp="label"
          notFoundContent={ptBR.forms.noOptions}
          options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
          style={{ minWidth: 220 }}
          data-testid="contacts-tags-filter"
        />
        {canFilterByWallet && (
          <Select
            allowClear
            aria-label={labels.walletFilter}
            placeholder={labels.walletFilter}
            value={walletFilter}
            onChange={setWalletFilter}
            notFoundContent={ptBR.forms.noOptions}
            options={(wallets.data ?? []).map((wallet) => ({ value: wallet._id, label: wallet.name }))}
            style={{ minWidth: 200 }}
            data-testid="contacts-wallet-filter"
          />
        )}
        {smartTags.data && smartTags.data.length > 0 && (
          <Select
            allowClear
            aria-label={labels.smartTagFilter}
            placeholder={labels.smartTagFilter}
            value={smartTagFilter}
            onChange={setSmartTagFilter}
            optionFilterProp="label"
            notFoundContent={ptBR.forms.noOptions}
            options={smartTags.data.map((tag) => ({ value: tag._id, label: tag.name }))}
            style={{ minWidth: 220 }}
            data-testid="contacts-smart-tag-filter"
          />
        )}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid="contacts-count">
          {plural(labels.count, items.length)}
        </Typography.Text>
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setDrawer({ open: true })}
          style={{ marginInlineStart: 'auto' }}
          data-testid="contact-add"
        >
          {labels.newContact}
        </Button>
      </Flex>
      {query.isError && items.length === 0 ? (
        <Alert
          type="error"
          showIcon
          title={query.error instanceof ApiRequestError ? query.error.message : common.loadFailed}
          action={<Button onClick={() => void query.refetch()}>{common.retry}</Button>}
          data-testid="contacts-error"
        />
      ) : (
        <ContactList
          items={items}
          tags={tagMap}
          walletName={(id) => walletNames.get(id)}
          loading={query.isLoading || query.isFetchingNextPage}
          hasMore={query.hasNextPage && !query.isError}
          loadMore={() => void query.fetchNextPage()}
          canDelete={canDelete}
          onEdit={(contact) => setDrawer({ open: true, editing: contact })}
          onDelete={confirmDelete}
        />
      )}
      <ContactDrawer open={drawer.open} editing={drawer.editing} onClose={() => setDrawer({ open: false })} />
    </div>
  );
}
