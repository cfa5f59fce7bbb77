import { ColorTag } from '../../../components/color-tag/color-tag.tsx';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Select } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { postTag } from '../api/contacts-api.ts';
import { contactKeys } from '../api/query-keys.ts';
import { creatableTagName } from '../import/unknown-tags.ts';

const labels = ptBR.contactsScreens.contacts;

/**
 * The contact form's tags: pick existing ones or, for admins (who may create tags), create the typed name on
 * the spot; the new tag is selected at once.
 */
export function TagSelect({
  tags,
  loading,
  canCreate,
  value,
  onChange,
  id,
}: {
  /** Set by the Form.Item, so its label names the field. */
  id?: string;
  tags: readonly TagView[];
  loading: boolean;
  canCreate: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const creatable = canCreate ? creatableTagName(search, tags) : undefined;
  const create = useMutation({
    mutationFn: postTag,
    onSuccess: async (tag) => {
      // The tags query (use-contacts) caches the list itself.
      queryClient.setQueryData<TagView[]>(contactKeys.tags, (data) => (data ? [...data, tag] : data));
      await queryClient.invalidateQueries({ queryKey: contactKeys.tags });
      onChange?.([...(value ?? []), tag._id]);
      setSearch('');
      void message.success(labels.tagCreated);
    },
    onError: (error) =>
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed,
      ),
  });
  const createButton = creatable && (
    <Button
      type="text"
      icon={<PlusOutlined />}
      loading={create.isPending}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => create.mutate(creatable)}
      data-testid="contact-form-create-tag"
      style={{ width: '100%', textAlign: 'left' }}
    >
      {interpolate(labels.createTag, { name: creatable })}
    </Button>
  );
  // The select keeps its list closed when nothing matches and there is no "not found" content, so a name that
  // matches no tag (the very case for creating one) offers the button as that content.
  const needle = search.toUpperCase();
  const anyMatch = tags.some((tag) => tag.name.toUpperCase().includes(needle));
  return (
    <Select
      id={id}
      mode="multiple"
      loading={loading}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearch={setSearch}
      optionFilterProp="label"
      notFoundContent={createButton || ptBR.forms.noOptions}
      options={tags.map((tag) => ({ value: tag._id, label: tag.name, color: tag.color }))}
      optionRender={(option) => <ColorTag color={option.data.color}>{option.data.label}</ColorTag>}
      popupRender={(menu) => (
        <>
          {menu}
          {createButton && anyMatch && (
            <>
              <Divider style={{ margin: '4px 0' }} />
              {createButton}
            </>
          )}
        </>
      )}
      data-testid="contact-form-tags"
    />
  );
}
