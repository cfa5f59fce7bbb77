import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useParams } from 'react-router-dom';
import { fetchTranscript } from '../api/conversations-api.ts';
import { chatKeys } from '../api/query-keys.ts';
import { useChatMe } from '../hooks/use-chat-me.ts';
import { transcriptDate } from '../state/transcript-format.ts';
import { RichText } from './rich-text.tsx';

const TRANSCRIPT_MAX_WIDTH = 1124;

function author(message: MessageView, customerName: string): string {
  if (message.sent_by === 'customer') return message.customer?.full_name || customerName;
  if (message.sent_by === 'bot') return ptBR.chat.senders.bot;
  return message.employee?.name ?? ptBR.chat.senders.operator;
}

/** Spec point 2, exported chat transcript: printable, media left out with the spec's notice. */
export function TranscriptPage() {
  const { conversationId = '' } = useParams();
  const { timeZone } = useChatMe();
  const transcript = useQuery({
    queryKey: chatKeys.transcript(conversationId),
    queryFn: () => fetchTranscript(conversationId),
    enabled: conversationId.length > 0,
  });
  if (transcript.isPending) return <Spin style={{ display: 'block', margin: 96 }} />;
  if (transcript.isError) {
    return <Alert type="error" showIcon style={{ margin: 24 }} title={ptBR.chat.transcript.loadFailed} />;
  }
  const { conversation, messages } = transcript.data;
  const { customer } = conversation;
  const contact = customer.cel_phone || customer.email || '';
  return (
    <main
      data-testid="transcript-page"
      style={{
        maxWidth: TRANSCRIPT_MAX_WIDTH,
        margin: '0 auto',
        padding: 24,
        fontFamily: 'inherit',
        background: '#fff',
      }}
    >
      <style>{'@media print { .transcript-actions { display: none !important; } }'}</style>
      <header style={{ borderBottom: '1px solid #d9d9d9', paddingBottom: 12, marginBottom: 16 }}>
        <div className="transcript-actions" style={{ float: 'right' }}>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {ptBR.chat.transcript.print}
          </Button>
        </div>
        <h1 style={{ fontSize: 20, margin: 0 }} data-testid="transcript-customer">
          {customer.full_name || ptBR.chat.unknownCustomer}
        </h1>
        {contact && <div data-testid="transcript-contact">{contact}</div>}
        <div data-testid="transcript-protocol">
          {interpolate(ptBR.transcript.protocol, { protocol: conversation.protocol })}
        </div>
      </header>
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {messages.map((message) => (
          <li
            key={message._id}
            data-testid="transcript-message"
            style={{ padding: '6px 0', borderBottom: '1px solid #f5f5f5', breakInside: 'avoid' }}
          >
            <div style={{ fontSize: 12, color: '#595959' }}>
              <strong>{author(message, customer.full_name)}</strong> ·{' '}
              {transcriptDate(message.created_at, timeZone)}
            </div>
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.media || (message.type !== 'text' && message.type !== 'email') ? (
                <em data-testid="transcript-media">{ptBR.transcript.mediaNotShown}</em>
              ) : (
                <RichText text={message.content} />
              )}
            </div>
          </li>
        ))}
      </ol>
    </main>
  );
}
