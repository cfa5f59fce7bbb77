import { getFeatures } from '@atende/shared/contracts/account/get-features';
import { getMountApp } from '@atende/shared/contracts/account/get-mount-app';
import { getPermissions } from '@atende/shared/contracts/account/get-permissions';
import { getRollouts } from '@atende/shared/contracts/account/get-rollouts';
import { callRoute } from '../api/call-route.ts';
import type { EncryptedStore } from '../storage/encrypted-store.ts';
import { STORAGE_KEYS } from '../storage/local-store.ts';

export const fetchMountApp = (employeeId: string) => callRoute(getMountApp, { params: { employeeId } });

export const fetchPermissions = () => callRoute(getPermissions);

/**
 * Rollouts and plan features are kept encrypted on this browser; a failed fetch falls back to the stored copy and
 * is otherwise swallowed (spec point 7, answer handling).
 */
export async function loadRollouts(companyId: string, vault: EncryptedStore): Promise<string[]> {
  try {
    const rollouts = await callRoute(getRollouts, { params: { companyId } });
    await vault.write(STORAGE_KEYS.rollouts, rollouts);
    return rollouts;
  } catch {
    const stored = await vault.read<string[]>(STORAGE_KEYS.rollouts);
    return Array.isArray(stored) ? stored : [];
  }
}

/** Undefined means "no plan features stored", which plan gating reads as none allowed. */
export async function loadPlanFeatures(companyId: string, vault: EncryptedStore): Promise<string[] | null> {
  try {
    const features = await callRoute(getFeatures, { params: { companyId } });
    await vault.write(STORAGE_KEYS.features, features);
    return features;
  } catch {
    const stored = await vault.read<string[]>(STORAGE_KEYS.features);
    return Array.isArray(stored) ? stored : null;
  }
}

export type MountedEmployee = Awaited<ReturnType<typeof fetchMountApp>>;
