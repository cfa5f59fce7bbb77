import { InfoCircleOutlined } from '@ant-design/icons';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Popover, Typography } from 'antd';

export interface InfoPopoverProps {
  text: string;
  /** Optional 'Saiba mais' link to the provider's documentation. */
  learnMore?: string | undefined;
  testId?: string;
}

/** Spec point 2 info popover: opens on hover or focus, with its text and an optional 'Saiba mais' link. */
export function InfoPopover({ text, learnMore, testId }: InfoPopoverProps) {
  const content = (
    <div style={{ maxWidth: 320 }}>
      <Typography.Paragraph style={{ marginBottom: learnMore ? 4 : 0 }}>{text}</Typography.Paragraph>
      {learnMore && (
        <Typography.Link href={learnMore} target="_blank" rel="noreferrer">
          {ptBR.forms.learnMore}
        </Typography.Link>
      )}
    </div>
  );
  return (
    <Popover content={content} trigger={['hover', 'focus']}>
      <InfoCircleOutlined
        tabIndex={0}
        aria-label={text}
        style={{ color: 'var(--ant-color-text-tertiary)', cursor: 'help' }}
        data-testid={testId}
      />
    </Popover>
  );
}
