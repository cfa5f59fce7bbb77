import { getCompanySettings } from '@atende/shared/contracts/company/get-company-settings';
import { migrateChannel } from '@atende/shared/contracts/customers/migrate-channel';
import type { migrateChannelBody } from '@atende/shared/contracts/customers/migrate-channel';
import { customersTotalMessages } from '@atende/shared/contracts/customers/customers-total-messages';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { customersQueueWaitCount } from '@atende/shared/contracts/queue/customers-queue-wait-count';
import { reallocatedCustomersQueueWaitCount } from '@atende/shared/contracts/queue/reallocated-customers-queue-wait-count';
import { listTabulations } from '@atende/shared/contracts/tabulations/list-tabulations';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

/** With a wallet chosen in the list's filters, the count narrows to it (spec point 7: wallets, walletEnable). */
export const fetchQueueCount = (company: string, employee: string, wallet: string | undefined) =>
  callRoute(customersQueueWaitCount, {
    body: { company, employee, ...(wallet ? { walletEnable: true, wallets: [wallet] } : {}) },
  });

/** Spec point 7: customers reallocated to the employee and waiting. */
export const fetchReallocatedCount = (company: string, employee: string) =>
  callRoute(reallocatedCustomersQueueWaitCount, { body: { company, employee } });

export const fetchUnreadTotal = (companyId: string, employeeId: string) =>
  callRoute(customersTotalMessages, { params: { companyId, employeeId } });

export const fetchDepartments = () => callRoute(listDepartments);

/** The wallets the viewer may see: all for admins, their own under the wallet limit. */
export const fetchWallets = () => callRoute(listWallets);

export const fetchTabulations = () => callRoute(listTabulations);

/** Only admins may list employees; others transfer to departments only. */
export const fetchTransferEmployees = () => callRoute(listEmployees, { query: { limit: '100' } });

export const putMigration = (body: z.input<typeof migrateChannelBody>) => callRoute(migrateChannel, { body });

export const fetchChatSettings = () => callRoute(getCompanySettings);
