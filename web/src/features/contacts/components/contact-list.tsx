import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, EditOutlined, HistoryOutlined, StopOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Avatar, Button, Empty, Flex, Spin, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useScreenSize } from '../../../lib/screen/use-screen.ts';
import { displayPhone } from '../forms/phone-mask.ts';
import { ColorTag } from '../../../components/color-tag/color-tag.tsx';

const ROW_HEIGHT = 64;
/** Start fetching the next page this many rows before the end so scrolling rarely waits. */
const PREFETCH_ROWS = 10;
const labels = ptBR.contactsScreens.contacts;
const common = ptBR.contactsScreens.common;

export interface ContactListProps {
  items: readonly ContactView[];
  tags: ReadonlyMap<string, TagView>;
  walletName: (id: string) => string | undefined;
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  canDelete: boolean;
  onEdit: (contact: ContactView) => void;
  onDelete: (contact: ContactView) => void;
}

/** The contact list, virtualized: only the rows on screen are rendered, however many pages are loaded. */
export function ContactList(props: ContactListProps) {
  const { items, loading, hasMore, loadMore } = props;
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?._id ?? index,
    overscan: 8,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastVisible = virtualItems.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loading && lastVisible >= items.length - PREFETCH_ROWS) loadMore();
  }, [lastVisible, items.length, hasMore, loading, loadMore]);

  if (!loading && items.length === 0)
    return <Empty description={common.empty} data-testid="contacts-empty" style={{ padding: 48 }} />;

  return (
    <div
      ref={parentRef}
      style={{ height: 'calc(100vh - 300px)', minHeight: 320, overflow: 'auto' }}
      data-testid="contact-list"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualItems.map((row) => {
          const contact = items[row.index];
          if (!contact) return null;
          return (
            <div
              key={row.key}
              style={{ position: 'absolute', top: row.start, left: 0, right: 0, height: ROW_HEIGHT }}
            >
              <ContactRow {...props} contact={contact} />
            </div>
          );
        })}
      </div>
      {loading && (
        <Flex justify="center" style={{ padding: 12 }}>
          <Spin />
        </Flex>
      )}
    </div>
  );
}

function ContactRow({
  contact,
  tags,
  walletName,
  canDelete,
  onEdit,
  onDelete,
}: ContactListProps & { contact: ContactView }) {
  const wallet = contact.wallet ? walletName(contact.wallet) : undefined;
  const phoneLayout = useScreenSize() === 'mobile';
  const phone = contact.cel_phone ? displayPhone(contact.cel_phone) : '';
  return (
    <Flex
      align="center"
      gap={12}
      style={{
        height: '100%',
        paddingInline: 12,
        borderBottom: '1px solid rgba(128,128,128,0.15)',
        minWidth: 0,
      }}
      data-testid="contact-row"
      data-contact-id={contact._id}
    >
      <Avatar src={contact.avatar}>{contact.full_name.slice(0, 1).toUpperCase()}</Avatar>
      <Flex vertical style={{ flex: 2, minWidth: 0 }}>
        <Typography.Text strong ellipsis data-testid="contact-row-name">
          {contact.full_name}
          {contact.blacklisted && (
            <Tag color="red" icon={<StopOutlined />} style={{ marginInlineStart: 8 }}>
              {labels.blacklisted}
            </Tag>
          )}
        </Typography.Text>
        {/* A phone keeps the name and one line under it: the phone number, else the e-mail. */}
        {phoneLayout ? (
          <Typography.Text type="secondary" ellipsis style={{ whiteSpace: 'nowrap' }}>
            {phone || contact.email || ''}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" ellipsis data-testid="contact-row-email">
            {contact.email ?? ''}
          </Typography.Text>
        )}
      </Flex>
      {!phoneLayout && (
        <>
          <Typography.Text style={{ flex: 1, whiteSpace: 'nowrap' }} data-testid="contact-row-phone">
            {phone}
          </Typography.Text>
          <Flex wrap gap={4} style={{ flex: 2, minWidth: 0, maxHeight: 48, overflow: 'hidden' }}>
            {contact.tags.map((id) => {
              const tag = tags.get(id);
              return tag ? (
                <ColorTag key={id} color={tag.color}>
                  {tag.name}
                </ColorTag>
              ) : null;
            })}
          </Flex>
          <Typography.Text type="secondary" ellipsis style={{ flex: 1 }}>
            {wallet ?? ''}
          </Typography.Text>
        </>
      )}
      <Flex gap={4}>
        <Tooltip title={labels.timeline}>
          <Link to={`/app/timeline/${contact._id}`} data-testid="contact-timeline">
            <Button type="text" icon={<HistoryOutlined />} aria-label={labels.timeline} />
          </Link>
        </Tooltip>
        <Tooltip title={common.edit}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={common.edit}
            onClick={() => onEdit(contact)}
            data-testid="contact-edit"
          />
        </Tooltip>
        {canDelete && (
          <Tooltip title={common.delete}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={common.delete}
              onClick={() => onDelete(contact)}
              data-testid="contact-delete"
            />
          </Tooltip>
        )}
      </Flex>
    </Flex>
  );
}
