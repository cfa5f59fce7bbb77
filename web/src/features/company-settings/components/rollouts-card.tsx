import type { RolloutBlacklistRow } from '@atende/shared/contracts/company/rollout-blacklist';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { useSetRolloutBlacklisted } from '../hooks/use-company.ts';

const t = ptBR.adminScreens.company.rollouts;
const flagLabels: Readonly<Record<string, string>> = t.flags;

const source = (row: RolloutBlacklistRow) =>
  row.platform ? t.sources.platform : row.company ? t.sources.company : t.sources.none;

function Status({ row }: { row: RolloutBlacklistRow }) {
  if (row.blacklisted) return <Tag color="red">{t.statuses.blocked}</Tag>;
  return row.enabled ? <Tag color="green">{t.statuses.enabled}</Tag> : <Tag>{t.statuses.off}</Tag>;
}

/**
 * Spec point 5's per-company blacklist of rollout flags: what each blacklistable flag does for the company and
 * a button to keep the company out of it (or let it back in).
 */
export function RolloutsCard({ rollouts }: { rollouts: readonly RolloutBlacklistRow[] }) {
  const save = useSetRolloutBlacklisted();
  const busyFlag = save.isPending ? save.variables.flag : undefined;
  const columns: ColumnsType<RolloutBlacklistRow> = [
    { key: 'flag', title: t.columns.flag, render: (_, row) => flagLabels[row.flag] ?? row.flag },
    { key: 'source', title: t.columns.source, render: (_, row) => source(row) },
    { key: 'status', title: t.columns.status, render: (_, row) => <Status row={row} /> },
    {
      key: 'actions',
      title: t.columns.actions,
      render: (_, row) => (
        <Button
          size="small"
          danger={!row.blacklisted}
          loading={busyFlag === row.flag}
          disabled={save.isPending && busyFlag !== row.flag}
          onClick={() =>
            void save.mutateAsync({ flag: row.flag, blacklisted: !row.blacklisted }).catch(() => undefined)
          }
          data-testid={`rollout-toggle-${row.flag}`}
        >
          {row.blacklisted ? t.unblock : t.block}
        </Button>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t.intro}
      </Typography.Paragraph>
      <ResponsiveTable<RolloutBlacklistRow>
        rowKey="flag"
        columns={columns}
        dataSource={[...rollouts]}
        pagination={false}
        locale={{ emptyText: t.empty }}
        onRow={(row) => ({ 'data-testid': `rollout-row-${row.flag}` }) as object}
        data-testid="rollouts-table"
      />
    </Space>
  );
}
