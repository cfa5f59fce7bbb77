import { OAUTH_APPS, type OAuthApp } from '@atende/shared/contracts/apps/oauth';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Flex, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { appKeys, appsApi } from '../api/apps-api.ts';

const strings = ptBR.apps.oauth;

/** Where each OAuth app's own screen lives, to return to after the callback. */
const APP_PAGES: Record<OAuthApp, string> = { rdstationmarketing: '/app/integration/rdmkt' };

const isOAuthApp = (value: string | undefined): value is OAuthApp =>
  (OAUTH_APPS as readonly string[]).includes(value ?? '');

/** What the provider's redirect carries, checked before anything is sent. */
function callbackProblem(type: string | undefined, code: string, state: string, error: string) {
  if (!isOAuthApp(type)) return ptBR.apps.appNotFound;
  if (error) return strings.denied;
  if (!code) return strings.missingCode;
  if (!state) return strings.invalidState;
  return undefined;
}

/**
 * /app/auth/:type? (spec point 2): the OAuth callback. It hands `code` and `state` to the API once (the state
 * is single-use, so a re-render must not send it twice) and returns to the app's screen.
 */
export function OAuthCallbackPage({ title }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const { type } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  const problem = callbackProblem(type, code, state, search.get('error') ?? '');
  const complete = useMutation({
    mutationFn: (app: OAuthApp) => appsApi.completeOAuth(app, { code, state }),
    onSuccess: async (_view, app) => {
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      void navigate(APP_PAGES[app], { replace: true });
    },
  });

  useEffect(() => {
    if (problem || sent.current || !isOAuthApp(type)) return;
    sent.current = true;
    complete.mutate(type);
  }, [complete, problem, type]);

  const failure =
    problem ??
    (complete.isError
      ? complete.error instanceof ApiRequestError
        ? complete.error.message
        : ptBR.errors.processFailed
      : undefined);
  return (
    <main style={{ maxWidth: 560, margin: '64px auto', padding: '0 16px' }} data-testid="oauth-callback-page">
      <Card title={title}>
        {failure ? (
          <Flex vertical gap={12}>
            <Alert type="error" showIcon message={failure} data-testid="oauth-callback-error" />
            <Link to={isOAuthApp(type) ? APP_PAGES[type] : '/app/integrations/apps'}>
              {strings.backToApp}
            </Link>
          </Flex>
        ) : (
          <Flex gap={12} align="center" data-testid="oauth-callback-pending">
            <Spin />
            {complete.isSuccess ? strings.connected : strings.connecting}
          </Flex>
        )}
      </Card>
    </main>
  );
}
