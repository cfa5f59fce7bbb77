import * as z from 'zod';

/** Spec point 3, Address. Every part is needed for the address to count as complete (rules/address.ts). */
export const addressSchema = z.object({
  street: z.string().default(''),
  district: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  country: z.string().default(''),
  number: z.string().default(''),
});
export type Address = z.infer<typeof addressSchema>;

export const ADDRESS_PARTS = ['street', 'district', 'city', 'state', 'country', 'number'] as const;
