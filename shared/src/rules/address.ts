import { ADDRESS_PARTS, type Address } from '../domain/address.ts';
import { formsPtBR } from '../i18n/pt-BR.ts';

/** Spec point 5: every address part must be filled; a blank (whitespace only) part counts as missing. */
export function isAddressComplete(address: Partial<Address> | undefined): boolean {
  return ADDRESS_PARTS.every((part) => (address?.[part] ?? '').trim().length > 0);
}

export function addressWarning(address: Partial<Address> | undefined): string | undefined {
  return isAddressComplete(address) ? undefined : formsPtBR.incompleteAddress;
}
