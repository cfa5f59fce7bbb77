import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { callRoute } from '../api/call-route.ts';

/** The companies the signed-in account can work in: shared by the company switch and the profile's list. */
export const accountCompaniesKey = ['account', 'companies'] as const;

export const fetchAccountCompanies = () => callRoute(listAccountCompanies);
