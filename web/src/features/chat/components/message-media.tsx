import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { FileOutlined } from '@ant-design/icons';
import { Image, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { cachedMediaUrl } from '../../../lib/media-cache/media-cache.ts';

type Media = NonNullable<MessageView['media']>;

/** The signed URL is short-lived; images and audio are kept in the local cache for 15 days. */
function useCachedUrl(messageId: string, url: string | undefined, cache: boolean): string | undefined {
  const [resolved, setResolved] = useState<string | undefined>(cache ? undefined : url);
  useEffect(() => {
    if (!url || !cache) {
      setResolved(url);
      return;
    }
    let live = true;
    void cachedMediaUrl(messageId, url).then((value) => {
      if (live) setResolved(value);
    });
    return () => {
      live = false;
    };
  }, [messageId, url, cache]);
  return resolved;
}

export function MessageMedia({ messageId, media }: { messageId: string; media: Media }) {
  const cache = media.file_type === 'image' || media.file_type === 'audio';
  const url = useCachedUrl(messageId, media.url, cache);
  if (!url) {
    return (
      <Typography.Text type="secondary">
        <FileOutlined /> {media.file_name}
      </Typography.Text>
    );
  }
  switch (media.file_type) {
    case 'image':
      return <Image src={url} alt={media.file_name} width={220} style={{ borderRadius: 6 }} />;
    case 'audio':
      return (
        <audio controls src={url} preload="none" style={{ maxWidth: 260 }} aria-label={media.file_name} />
      );
    case 'video':
      return <video controls src={url} preload="metadata" style={{ maxWidth: 280, borderRadius: 6 }} />;
    case 'doc':
      return (
        <a href={url} target="_blank" rel="noreferrer" download={media.file_name} title={ptBR.chat.openFile}>
          <FileOutlined /> {media.file_name}
        </a>
      );
  }
}
