import { ArrowLeftOutlined, IdcardOutlined } from '@ant-design/icons';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Drawer, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useScreenSize } from '../../../lib/screen/use-screen.ts';

const labels = ptBR.chat.panes;

interface ChatPanesProps {
  list: ReactNode;
  conversation: ReactNode;
  /** The contact's panel, once a conversation is loaded. */
  details: ReactNode | undefined;
  selectedId: string | undefined;
  onBackToList: () => void;
}

/**
 * The inbox's three panes by screen (spec point 1): side by side on a desktop; list and conversation on a tablet,
 * the contact's details in a drawer; one pane at a time on a phone (list → conversation → details), each with a
 * way back, as the mobile messaging apps do.
 */
export function ChatPanes({ list, conversation, details, selectedId, onBackToList }: ChatPanesProps) {
  const screen = useScreenSize();
  const { token } = theme.useToken();
  const [showDetails, setShowDetails] = useState(false);
  useEffect(() => setShowDetails(false), [selectedId]);
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const bar = (children: ReactNode) => (
    <Flex
      align="center"
      justify="space-between"
      gap={8}
      style={{ padding: '4px 8px', borderBottom: border, background: token.colorBgContainer }}
    >
      {children}
    </Flex>
  );
  const detailsButton = details && (
    <Button
      type="text"
      icon={<IdcardOutlined />}
      onClick={() => setShowDetails(true)}
      data-testid="chat-show-details"
    >
      {labels.details}
    </Button>
  );

  const frame = (children: ReactNode) => (
    <Flex
      style={{
        height: 'calc(100vh - 112px)',
        minHeight: 480,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
      }}
      data-testid="chat-page"
      data-layout={screen}
    >
      {children}
    </Flex>
  );

  if (screen === 'mobile') {
    const pane = !selectedId ? 'list' : showDetails && details ? 'details' : 'conversation';
    return frame(
      <Flex vertical style={{ flex: 1, minWidth: 0 }} data-testid={`chat-pane-${pane}`}>
        {pane === 'list' && list}
        {pane === 'conversation' && (
          <>
            {bar(
              <>
                <Button
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  onClick={onBackToList}
                  data-testid="chat-back"
                >
                  {labels.list}
                </Button>
                {detailsButton}
              </>,
            )}
            <div style={{ flex: 1, minHeight: 0 }}>{conversation}</div>
          </>
        )}
        {pane === 'details' && (
          <>
            {bar(
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                onClick={() => setShowDetails(false)}
                data-testid="chat-back"
              >
                {labels.conversation}
              </Button>,
            )}
            <div style={{ flex: 1, minHeight: 0 }}>{details}</div>
          </>
        )}
      </Flex>,
    );
  }

  const listPane = (
    <div style={{ width: screen === 'tablet' ? 300 : 340, flexShrink: 0, borderInlineEnd: border }}>
      {list}
    </div>
  );
  if (screen === 'tablet') {
    return frame(
      <>
        {listPane}
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          {details &&
            bar(
              <Flex flex={1} justify="flex-end">
                {detailsButton}
              </Flex>,
            )}
          <div style={{ flex: 1, minHeight: 0 }}>{conversation}</div>
        </Flex>
        <Drawer
          open={showDetails && Boolean(details)}
          onClose={() => setShowDetails(false)}
          title={labels.details}
          size={340}
          styles={{ body: { padding: 0 } }}
        >
          {details}
        </Drawer>
      </>,
    );
  }
  return frame(
    <>
      {listPane}
      <div style={{ flex: 1, minWidth: 0 }}>{conversation}</div>
      {details && <div style={{ width: 300, flexShrink: 0, borderInlineStart: border }}>{details}</div>}
    </>,
  );
}
