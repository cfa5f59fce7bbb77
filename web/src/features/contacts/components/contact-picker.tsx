import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Select, Spin } from 'antd';
import { useMemo } from 'react';
import { displayPhone } from '../forms/phone-mask.ts';
import { useContactList, useDebouncedSearch } from '../hooks/use-contacts.ts';

export interface ContactPickerProps {
  placeholder: string;
  value?: string | string[];
  multiple?: boolean;
  onChange: (value: string | string[] | undefined, contacts: ContactView[]) => void;
  testId: string;
  /** Contacts already chosen, shown by name even when the current search does not bring them. */
  known?: readonly ContactView[];
}

const describe = (contact: ContactView) =>
  [contact.full_name, contact.cel_phone ? displayPhone(contact.cel_phone) : contact.email]
    .filter(Boolean)
    .join(' · ');

/** A select searching contacts on the server (same 500 ms debounce as the list). */
export function ContactPicker({
  placeholder,
  value,
  multiple,
  onChange,
  testId,
  known = [],
}: ContactPickerProps) {
  const { text, setText, search } = useDebouncedSearch();
  const filters = useMemo(() => ({ search, tags: [] }), [search]);
  const { query, items: found } = useContactList(filters);
  const items = useMemo(() => {
    const ids = new Set(found.map((contact) => contact._id));
    return [...found, ...known.filter((contact) => !ids.has(contact._id))];
  }, [found, known]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      style={{ minWidth: 'min(320px, 100%)' }}
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(next: string | string[] | undefined) => {
        const ids = new Set(Array.isArray(next) ? next : next ? [next] : []);
        onChange(
          next,
          items.filter((contact) => ids.has(contact._id)),
        );
      }}
      notFoundContent={query.isFetching ? <Spin size="small" /> : ptBR.forms.noOptions}
      options={items.map((contact) => ({ value: contact._id, label: describe(contact) }))}
      data-testid={testId}
    />
  );
}
