import { ptBR } from '@atende/shared/i18n/pt-BR';
import EmojiPicker, { EmojiStyle } from 'emoji-picker-react';

const loadPortugueseNames = () => import('emoji-picker-react/data/emojis-pt');
const labels = ptBR.chat.emoji;

/** Default export so the composer can load it lazily. */
export default function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      emojiData={loadPortugueseNames}
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      height={360}
      width={320}
      labels={{ ...labels, searchLabel: labels.searchPlaceholder }}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
