import { companyView, employeeView } from '@atende/shared/contracts/account/views';
import * as z from 'zod';

/** A company as stored: its public view plus what only dedicated routes answer. */
export const companyRecord = companyView.extend({
  rollouts: z.array(z.string()),
  /** Rollout flags this company is kept out of, even when the platform turns them on for everyone. */
  rollout_blacklist: z.array(z.string()).default([]),
  plan_features: z.array(z.string()),
});
export type CompanyRecord = z.infer<typeof companyRecord>;

export const employeeRecord = employeeView;
export type EmployeeRecord = z.infer<typeof employeeRecord>;

/** Parsing strips keys and index attributes, so a view never carries storage details. */
export const toCompanyView = (item: unknown) => companyView.parse(item);
export const toEmployeeView = (item: unknown) => employeeView.parse(item);
