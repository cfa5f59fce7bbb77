import type { SuggestionView } from '@atende/shared/contracts/suggestions/routes';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import { LIMITS } from '@atende/shared/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { shellFrames } from '../../../lib/socket/active-socket.ts';
import { readStoredEmployee } from '../../../lib/session/session-store.ts';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';

export const SUGGESTIONS_KEY = ['suggestions'] as const;
const EVENTS: readonly ServerEvent[] = ['suggestion-update'];
const keysFor = () => [SUGGESTIONS_KEY];

/** The message the author gets when someone else moved their suggestion; undefined for anyone else. */
export function authorNotice(
  frame: ServerFrame<'suggestion-update'>,
  me: string | undefined,
  items: readonly SuggestionView[] | undefined,
): string | undefined {
  const { author, by, suggestion, status } = frame.data;
  if (me === undefined || author !== me || by === me) return undefined;
  const title = items?.find((item) => item._id === suggestion)?.title;
  if (title === undefined) return undefined;
  return interpolate(ptBR.suggestions.movedLive, { title, status: ptBR.suggestions.status[status] });
}

/**
 * The suggestions page follows status changes live: the list refetches (coalesced) on suggestion-update, and
 * the author is told when another admin moved theirs.
 */
export function useLiveSuggestions(): void {
  useLiveInvalidation(EVENTS, keysFor);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useEffect(
    () =>
      shellFrames.on('suggestion-update', (frame) => {
        const cached = queryClient.getQueryData<{ items: SuggestionView[] }>(SUGGESTIONS_KEY);
        const text = authorNotice(frame, readStoredEmployee()?._id, cached?.items);
        if (text) void message.info(text, LIMITS.toastDurationMs / 1000);
      }),
    [queryClient, message],
  );
}
