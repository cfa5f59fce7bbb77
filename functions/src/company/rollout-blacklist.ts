import type { RolloutBlacklistView } from '@atende/shared/contracts/company/rollout-blacklist';
import { BLACKLISTABLE_ROLLOUTS } from '@atende/shared/domain/features';
import * as z from 'zod';
import { auditActor, auditItem } from '../audit/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { publishRefresh } from './events.ts';
import { enabledRollouts } from './rollouts.ts';
import { changeCompany, type CompanyItem, readCompanyItem } from './store.ts';

const flagList = z.array(z.string()).catch([]);

function view(company: CompanyItem): RolloutBlacklistView {
  const rollouts = flagList.parse(company.rollouts ?? []);
  const blacklist = flagList.parse(company.rollout_blacklist ?? []);
  const enabled = enabledRollouts({ rollouts, rollout_blacklist: blacklist });
  return {
    rollouts: BLACKLISTABLE_ROLLOUTS.map((flag) => ({
      flag,
      platform: config().platformRollouts.includes(flag),
      company: rollouts.includes(flag),
      blacklisted: blacklist.includes(flag),
      enabled: enabled.includes(flag),
    })),
  };
}

export async function listRolloutBlacklist(auth: AuthContext): Promise<RolloutBlacklistView> {
  return view(await readCompanyItem(auth.companyId));
}

/**
 * Keeps the company out of a flag (or lets it back in). The change and its audit entry are one conditional
 * write; the company's open browsers refresh their rollouts through update-company.
 */
export async function setRolloutBlacklisted(
  auth: AuthContext,
  flag: string,
  blacklisted: boolean,
): Promise<RolloutBlacklistView> {
  const actor = await auditActor(auth);
  const saved = await changeCompany(auth.companyId, (company) => {
    const before = flagList.parse(company.rollout_blacklist ?? []);
    const after = blacklisted
      ? [...new Set([...before, flag])]
      : before.filter((blocked) => blocked !== flag);
    return {
      set: { rollout_blacklist: after },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'company_rollout_blacklist',
          entityId: auth.companyId,
          action: 'update',
          before: { rollout_blacklist: before },
          after: { rollout_blacklist: after },
        }),
      ],
      result: view({ ...company, rollout_blacklist: after }),
    };
  });
  await publishRefresh(auth.companyId, 'update-company');
  return saved;
}
