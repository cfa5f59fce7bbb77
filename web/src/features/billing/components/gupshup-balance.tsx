import { getGupshupBalance } from '@atende/shared/contracts/billing/routes';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { decideAccess } from '@atende/shared/rules/access';
import { formatMoney } from '@atende/shared/rules/hub-format';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Skeleton, Typography } from 'antd';
import { useSession } from '../../../lib/session/use-session.ts';
import { billingApi, billingKeys } from '../api/billing-api.ts';

const labels = ptBR.billing;

/**
 * The Gupshup wallet balance of each Gupshup integration, for those the company lets see it (operators only with
 * show_gupshup_wallet_balance_to_operators); nothing at all for a company without Gupshup.
 */
export function GupshupBalance({ emptyText }: { emptyText?: string }) {
  const { access } = useSession();
  const allowed = access !== undefined && decideAccess(getGupshupBalance.access, access).allowed;
  const balances = useQuery({
    queryKey: billingKeys.gupshupBalance,
    queryFn: billingApi.gupshupBalance,
    enabled: allowed,
    staleTime: 60_000,
    select: (answer) => answer.balances,
  });
  if (!allowed || balances.isError) return null;
  if (balances.data?.length === 0) return emptyText ? <Empty description={emptyText} /> : null;
  return (
    <div style={{ marginTop: 16 }} data-testid="gupshup-balance">
      <Typography.Title level={5}>{labels.gupshupBalance}</Typography.Title>
      {balances.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Descriptions size="small" column={1} bordered>
          {(balances.data ?? []).map((item) => (
            <Descriptions.Item key={item.integration} label={item.label}>
              {item.balance === null ? (
                <Typography.Text type="danger">{item.error}</Typography.Text>
              ) : (
                <span data-testid="gupshup-balance-value">{formatMoney(item.balance, item.currency)}</span>
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </div>
  );
}
