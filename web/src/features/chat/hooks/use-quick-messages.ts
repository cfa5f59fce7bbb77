import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import type { QuickMessageView } from '@atende/shared/contracts/quick-messages/views';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { useMemo, useState } from 'react';
import { fetchQuickMessages, fetchVariables, quickMessageKeys } from '../api/quick-messages-api.ts';
import type { SlashQuery } from '../state/quick-messages.ts';
import {
  composerVariableLookup,
  expandLiteralShortcut,
  insertQuickMessage,
  moveHighlight,
  slashQueryAt,
  suggestQuickMessages,
} from '../state/quick-messages.ts';
import { useChatMe } from './use-chat-me.ts';

/**
 * Quick messages in the composer: typing `/boas` lists the matching shortcuts, arrows move, Enter or Tab inserts
 * the highlighted one with its variables filled, Escape closes the list; a message that is only `/shortcut` is
 * sent as its quick message.
 */
export function useQuickMessages(
  conversation: ConversationView,
  text: string,
  setText: (text: string, caret?: number) => void,
) {
  const { employee } = useChatMe();
  const list = useQuery({
    queryKey: quickMessageKeys.list,
    queryFn: fetchQuickMessages,
    staleTime: 60_000,
    select: (answer) => answer.quick_messages,
  });
  const variables = useQuery({
    queryKey: quickMessageKeys.variables,
    queryFn: fetchVariables,
    staleTime: 60_000,
    select: (answer) => answer.variables,
  });
  const [slash, setSlash] = useState<SlashQuery>();
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState(false);

  const lookup = useMemo(
    () =>
      composerVariableLookup({
        customerName: conversation.customer.full_name,
        protocol: conversation.protocol,
        employee,
        company: employee?.company,
        variables: variables.data ?? [],
      }),
    [conversation.customer.full_name, conversation.protocol, employee, variables.data],
  );
  const quickMessages = list.data ?? [];
  const suggestions = slash && !dismissed ? suggestQuickMessages(quickMessages, slash.query) : [];
  const open = suggestions.length > 0;

  const onTyped = (value: string, caret: number) => {
    setText(value);
    setSlash(slashQueryAt(value, caret));
    setHighlight(0);
    setDismissed(false);
  };

  const pick = (item: QuickMessageView) => {
    if (!slash) return;
    const next = insertQuickMessage(text, slash, expandLiteralShortcut(`/${item.shortcut}`, [item], lookup));
    setText(next.text, next.caret);
    setSlash(undefined);
  };

  /** True when the key belonged to the open list (the composer then neither sends nor moves the caret). */
  const onKey = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) setHighlight(moveHighlight(highlight, step, suggestions.length));
    else if (event.key === 'Enter' || event.key === 'Tab') {
      const chosen = suggestions[highlight];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') setDismissed(true);
    else return false;
    event.preventDefault();
    return true;
  };

  return {
    suggestions,
    highlight,
    open,
    onTyped,
    onKey,
    pick,
    expand: (value: string) => expandLiteralShortcut(value, quickMessages, lookup),
  };
}
