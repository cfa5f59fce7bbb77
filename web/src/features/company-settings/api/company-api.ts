import { getCompanyPermissions } from '@atende/shared/contracts/company/get-company-permissions';
import { getCompanyProfile } from '@atende/shared/contracts/company/get-company-profile';
import { getCompanySettings } from '@atende/shared/contracts/company/get-company-settings';
import type { updateCompanyPermissionsBody } from '@atende/shared/contracts/company/permissions';
import type { updateCompanyProfileBody } from '@atende/shared/contracts/company/profile';
import type { CompanySettingsPatch } from '@atende/shared/contracts/company/settings';
import { updateCompanyPermissions } from '@atende/shared/contracts/company/update-company-permissions';
import { updateCompanyProfile } from '@atende/shared/contracts/company/update-company-profile';
import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import {
  addRolloutBlacklist,
  listRolloutBlacklist,
  removeRolloutBlacklist,
} from '@atende/shared/contracts/company/rollout-blacklist';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export const fetchSettings = () => callRoute(getCompanySettings);
export const patchSettings = (body: CompanySettingsPatch) => callRoute(updateCompanySettings, { body });

export const fetchPermissions = () => callRoute(getCompanyPermissions);
export const patchPermissions = (body: z.input<typeof updateCompanyPermissionsBody>) =>
  callRoute(updateCompanyPermissions, { body });

export const fetchProfile = () => callRoute(getCompanyProfile);
export const patchProfile = (body: z.input<typeof updateCompanyProfileBody>) =>
  callRoute(updateCompanyProfile, { body });

export const fetchDepartmentTree = () => callRoute(listDepartments);

export const fetchRolloutBlacklist = () => callRoute(listRolloutBlacklist);
export const setRolloutBlacklisted = ({ flag, blacklisted }: { flag: string; blacklisted: boolean }) =>
  callRoute(blacklisted ? addRolloutBlacklist : removeRolloutBlacklist, { params: { flag } });
