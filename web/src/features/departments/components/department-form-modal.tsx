import { createDepartmentBody } from '@atende/shared/contracts/departments/create-department';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { DEFAULT_TAG_COLOR } from '@atende/shared/contracts/departments/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Form, Input, Modal, Select, Switch } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useEffect } from 'react';
import { patchDepartment, postDepartment } from '../api/departments-api.ts';
import { organizationKeys } from '../api/query-keys.ts';
import { parentChoices } from '../forms/department-tree.ts';
import { useEmployeeChoices, useOrganizationChange } from '../hooks/use-organization.ts';
import { ColorField } from '../../../components/color-field/color-field.tsx';

interface FormValues {
  name: string;
  parent?: string;
  tag_color: string | Color;
  view_all_contacts: boolean;
  employees: string[];
}

export interface DepartmentFormTarget {
  /** The department edited; absent when creating. */
  department?: DepartmentNode;
  /** Parent preselected for a new sub-department. */
  parent?: string;
}

const labels = ptBR.adminScreens.departments;

const nameRule = {
  validator: async (_: unknown, value: unknown) => {
    const parsed = createDepartmentBody.shape.name.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
};

const hex = (color: string | Color): string => (typeof color === 'string' ? color : color.toHexString());

export function DepartmentFormModal({
  target,
  tree,
  onClose,
}: {
  target: DepartmentFormTarget | undefined;
  tree: readonly DepartmentNode[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const employees = useEmployeeChoices();
  const editing = target?.department;
  const save = useOrganizationChange(
    organizationKeys.departments,
    (values: FormValues) => {
      const body = {
        name: values.name,
        tag_color: hex(values.tag_color),
        view_all_contacts: values.view_all_contacts,
        employees: values.employees,
      };
      return editing
        ? patchDepartment(editing._id, body)
        : postDepartment({ ...body, parent: values.parent });
    },
    labels.saved,
  );

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { ...editing }
        : { parent: target.parent, tag_color: DEFAULT_TAG_COLOR, view_all_contacts: false, employees: [] },
    );
  }, [target, editing, form]);

  return (
    <Modal
      open={target !== undefined}
      title={editing ? ptBR.adminScreens.common.edit : target?.parent ? labels.addSub : labels.add}
      okText={ptBR.forms.save}
      cancelText={ptBR.forms.cancel}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'department-form-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutateAsync(values).then(onClose, () => undefined)}
      >
        <Form.Item name="name" label={labels.name} rules={[nameRule]} required>
          <Input maxLength={60} data-testid="department-form-name" />
        </Form.Item>
        {!editing && (
          <Form.Item name="parent" label={labels.parent}>
            <Select
              notFoundContent={ptBR.forms.noOptions}
              allowClear
              placeholder={labels.noParent}
              options={parentChoices(tree)}
              data-testid="department-form-parent"
            />
          </Form.Item>
        )}
        <Form.Item name="tag_color" label={labels.tagColor}>
          <ColorField format="hex" disabledAlpha data-testid="department-form-color" />
        </Form.Item>
        <Form.Item
          name="view_all_contacts"
          label={labels.viewAllContacts}
          extra={labels.viewAllContactsHelp}
          valuePropName="checked"
        >
          <Switch data-testid="department-form-view-all" />
        </Form.Item>
        <Form.Item name="employees" label={labels.employees}>
          <Select
            notFoundContent={ptBR.forms.noOptions}
            mode="multiple"
            loading={employees.isLoading}
            options={employees.data ?? []}
            optionFilterProp="label"
            data-testid="department-form-employees"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
