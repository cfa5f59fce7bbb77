import { getCompanyPermissions } from '@atende/shared/contracts/company/get-company-permissions';
import { getCompanyProfile } from '@atende/shared/contracts/company/get-company-profile';
import { getCompanySettings } from '@atende/shared/contracts/company/get-company-settings';
import { updateCompanyPermissions } from '@atende/shared/contracts/company/update-company-permissions';
import { updateCompanyProfile } from '@atende/shared/contracts/company/update-company-profile';
import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import {
  addRolloutBlacklist,
  listRolloutBlacklist,
  removeRolloutBlacklist,
} from '@atende/shared/contracts/company/rollout-blacklist';
import { createHttpHandler, route } from '../lib/http.ts';
import { loadAccessContext } from './access-context.ts';
import * as rolloutBlacklist from './rollout-blacklist.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(getCompanySettings, ({ auth }) => service.getSettings(auth)),
    route(updateCompanySettings, ({ auth, body }) => service.updateSettings(auth, body)),
    route(getCompanyPermissions, ({ auth }) => service.getPermissions(auth)),
    route(updateCompanyPermissions, ({ auth, body }) => service.updatePermissions(auth, body)),
    route(getCompanyProfile, ({ auth }) => service.getProfile(auth)),
    route(updateCompanyProfile, ({ auth, body }) => service.updateProfile(auth, body)),
    route(listRolloutBlacklist, ({ auth }) => rolloutBlacklist.listRolloutBlacklist(auth)),
    route(addRolloutBlacklist, ({ auth, params }) =>
      rolloutBlacklist.setRolloutBlacklisted(auth, params.flag, true),
    ),
    route(removeRolloutBlacklist, ({ auth, params }) =>
      rolloutBlacklist.setRolloutBlacklisted(auth, params.flag, false),
    ),
  ],
  { accessContext: loadAccessContext },
);
