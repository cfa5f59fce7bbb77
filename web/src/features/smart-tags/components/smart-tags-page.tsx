import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, EditOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useChoices, useSaveSmartTag, useSmartTags } from '../hooks/use-smart-tags.ts';
import { conditionSummary } from './condition-summary.ts';
import { StatusTag } from './status-tag.tsx';
import { ColorTag } from '../../../components/color-tag/color-tag.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.smartTags.screens;
const common = ptBR.contactsScreens.common;
const toastSeconds = LIMITS.toastDurationMs / 1000;
export const SMART_TAGS_PATH = '/app/contacts/smart-tags';

/** app/contacts/smart-tags: every smart tag with its rule, its member count and the state of its members. */
export function SmartTagsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const tags = useSmartTags();
  const { remove } = useSaveSmartTag();
  const choices = useChoices();
  const names = useMemo(
    () =>
      new Map<string, string>([
        ...choices.tags.map((tag) => [tag._id, tag.name] as const),
        ...choices.wallets.map((wallet) => [wallet._id, wallet.name] as const),
        ...choices.tabulations.map((tabulation) => [tabulation._id, tabulation.label] as const),
        ...choices.customFields.map((field) => [`field:${field.key}`, field.label] as const),
        ...Object.entries(ptBR.channelBadge),
        ...Object.entries(ptBR.contactsScreens.consentChannels),
      ]),
    [choices.tags, choices.wallets, choices.tabulations, choices.customFields],
  );

  const confirmDelete = (tag: SmartTagView) =>
    modal.confirm({
      title: interpolate(common.deleteConfirm, { name: tag.name }),
      okText: common.yes,
      cancelText: common.no,
      okButtonProps: { danger: true, 'data-testid': 'smart-tag-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(tag._id);
          void message.success(labels.deleted, toastSeconds);
        } catch (error) {
          void message.error(
            error instanceof ApiRequestError ? error.message : common.saveFailed,
            toastSeconds,
          );
        }
      },
    });

  return (
    <div data-testid="smart-tags-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex justify="end" style={{ marginBlock: 16 }}>
        <Button
          type="primary"
          onClick={() => navigate(`${SMART_TAGS_PATH}/create`)}
          data-testid="smart-tag-add"
        >
          {labels.newSmartTag}
        </Button>
      </Flex>
      {tags.isError ? (
        <Alert
          type="error"
          showIcon
          title={tags.error instanceof ApiRequestError ? tags.error.message : common.loadFailed}
          action={<Button onClick={() => void tags.refetch()}>{common.retry}</Button>}
        />
      ) : (
        <ResponsiveTable<SmartTagView>
          rowKey="_id"
          loading={tags.isLoading}
          dataSource={tags.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: labels.empty }}
          onRow={(tag) => ({ 'data-testid': 'smart-tag-row', 'data-smart-tag-id': tag._id }) as object}
          columns={[
            {
              title: labels.name,
              key: 'name',
              render: (_, tag) => (
                <Flex gap={4} align="center">
                  <ColorTag color={tag.color}>{tag.name}</ColorTag>
                  {tag.time_based && (
                    <Tooltip title={labels.timeBased}>
                      <FieldTimeOutlined aria-label={labels.timeBased} />
                    </Tooltip>
                  )}
                </Flex>
              ),
            },
            {
              title: labels.conditions,
              key: 'conditions',
              render: (_, tag) => (
                <Flex vertical>
                  {tag.conditions.map((condition, index) => (
                    <span key={index}>{conditionSummary(condition, names)}</span>
                  ))}
                </Flex>
              ),
            },
            {
              title: labels.members,
              dataIndex: 'members_count',
              render: (count: number) => <span data-testid="smart-tag-members-count">{count}</span>,
            },
            { title: labels.status, key: 'status', render: (_, tag) => <StatusTag tag={tag} /> },
            {
              title: common.actions,
              key: 'actions',
              render: (_, tag) => (
                <Flex gap={4}>
                  <Tooltip title={common.edit}>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={common.edit}
                      onClick={() => navigate(`${SMART_TAGS_PATH}/${tag._id}`)}
                      data-testid="smart-tag-edit"
                    />
                  </Tooltip>
                  <Tooltip title={common.delete}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={common.delete}
                      onClick={() => confirmDelete(tag)}
                      data-testid="smart-tag-delete"
                    />
                  </Tooltip>
                </Flex>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
