import type { TagView } from '@atende/shared/contracts/tags/views';
import { tagBody } from '@atende/shared/contracts/tags/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Form, Input } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import type { TagInput } from '../api/organizing-api.ts';
import { organizingKeys, tagsApi } from '../api/organizing-api.ts';
import { schemaRule } from '../forms/schema-rule.ts';
import { CatalogPage } from './catalog-page.tsx';
import { ColorTag } from '../../../components/color-tag/color-tag.tsx';
import { ColorField } from '../../../components/color-field/color-field.tsx';

const labels = ptBR.contactsScreens.tags;
const DEFAULT_COLOR = '#1677ff';

const api = {
  queryKey: organizingKeys.tags,
  list: async () => (await tagsApi.list()).tags,
  create: (values: TagInput) => tagsApi.create(values),
  update: (tag: TagView, values: TagInput) => tagsApi.update(tag._id, values),
  remove: (tag: TagView) => tagsApi.remove(tag._id),
};

const toValues = (tag: TagView | undefined): Partial<TagInput> =>
  tag ? { name: tag.name, color: tag.color } : { name: '', color: DEFAULT_COLOR };

/** app/contacts/tags: the company's tags with their colours. */
export function TagsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  return (
    <CatalogPage<TagView, TagInput>
      title={title}
      breadcrumb={breadcrumb}
      testId="tag"
      addLabel={labels.newTag}
      api={api}
      rowKey={(tag) => tag._id}
      rowName={(tag) => tag.name}
      toValues={toValues}
      columns={[
        {
          title: labels.name,
          key: 'name',
          render: (_, tag) => <ColorTag color={tag.color}>{tag.name}</ColorTag>,
        },
        { title: labels.color, dataIndex: 'color' },
      ]}
      renderForm={() => (
        <>
          <Form.Item name="name" label={labels.name} rules={[schemaRule(tagBody.shape.name)]} required>
            <Input maxLength={40} data-testid="tag-form-name" />
          </Form.Item>
          <Form.Item
            name="color"
            label={labels.color}
            rules={[schemaRule(tagBody.shape.color)]}
            getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
            required
          >
            <ColorField showText disabledAlpha data-testid="tag-form-color" />
          </Form.Item>
        </>
      )}
    />
  );
}
