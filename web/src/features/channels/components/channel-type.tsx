import {
  FacebookOutlined,
  InstagramOutlined,
  MailOutlined,
  MessageOutlined,
  SendOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import type { ChannelType } from '../forms/channel-fields.ts';

const labels = ptBR.channelsScreens;

export const CHANNEL_ICONS: Record<ChannelType, ReactNode> = {
  official: <WhatsAppOutlined style={{ color: '#25d366' }} />,
  unofficial: <WhatsAppOutlined style={{ color: '#128c7e' }} />,
  messenger: <FacebookOutlined style={{ color: '#0866ff' }} />,
  instagram: <InstagramOutlined style={{ color: '#e1306c' }} />,
  telegram: <SendOutlined style={{ color: '#229ed9' }} />,
  email: <MailOutlined />,
  widget: <MessageOutlined />,
};

const providerName = (provider: string) =>
  Object.hasOwn(labels.providers, provider)
    ? labels.providers[provider as keyof typeof labels.providers]
    : provider;

/** The type icon and name of an integration, with the official provider beside WhatsApp. */
export function ChannelTypeLabel({ view }: { view: IntegrationView }) {
  return (
    <Space size={6}>
      {CHANNEL_ICONS[view.type]}
      <span>
        {labels.types[view.type]}
        {view.type === 'official' && ` · ${providerName(view.provider)}`}
      </span>
    </Space>
  );
}
