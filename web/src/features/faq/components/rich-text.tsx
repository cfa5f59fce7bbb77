import { BoldOutlined, ItalicOutlined, LinkOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Flex, Tooltip } from 'antd';
import DOMPurify from 'dompurify';
import { useEffect, useRef } from 'react';

const labels = ptBR.faq;

/** Article HTML as readers see it, sanitized again in the browser whatever the server stored. */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="faq-article-body"
      data-testid={testId}
      // DOMPurify's output is safe to insert: scripts, handlers and javascript: links are removed.
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) }}
    />
  );
}

/**
 * A small editor: a contentEditable area with bold, italic, list and link; the HTML it produces goes through
 * the server's allowlist before it is stored.
 */
export function RichTextEditor({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = area.current;
    if (element && value !== undefined && element.innerHTML !== value) {
      element.innerHTML = DOMPurify.sanitize(value);
    }
  }, [value]);
  const run = (command: string, argument?: string) => {
    area.current?.focus();
    // execCommand is deprecated but still the one editing primitive every browser ships for contentEditable.
    document.execCommand(command, false, argument);
    onChange?.(area.current?.innerHTML ?? '');
  };
  const tools = [
    { key: 'bold', icon: <BoldOutlined />, title: labels.bold, run: () => run('bold') },
    { key: 'italic', icon: <ItalicOutlined />, title: labels.italic, run: () => run('italic') },
    {
      key: 'list',
      icon: <UnorderedListOutlined />,
      title: labels.list,
      run: () => run('insertUnorderedList'),
    },
    {
      key: 'link',
      icon: <LinkOutlined />,
      title: labels.link,
      run: () => {
        const url = window.prompt(labels.linkPrompt);
        if (url && /^https?:\/\//.test(url)) run('createLink', url);
      },
    },
  ];
  return (
    <Flex vertical gap={4}>
      <Flex gap={4}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={tool.title}>
            <Button
              size="small"
              icon={tool.icon}
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
            />
          </Tooltip>
        ))}
      </Flex>
      <div
        ref={area}
        contentEditable
        role="textbox"
        aria-multiline
        data-testid={testId}
        onInput={() => onChange?.(area.current?.innerHTML ?? '')}
        style={{
          minHeight: 200,
          padding: 8,
          border: '1px solid var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          outline: 'none',
        }}
      />
    </Flex>
  );
}
