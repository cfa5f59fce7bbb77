import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import { LIMITS, ROLES, type Role } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { canEditIdentity, contractRule, createRefusal } from '../forms/employee-form.ts';
import { useDepartmentOptions, useEmailStatus, useSaveEmployee } from '../hooks/use-employees.ts';

interface FormValues {
  name?: string;
  email: string;
  role: Role;
  departments: string[];
  password?: string;
}

export interface EmployeeFormModalProps {
  open: boolean;
  /** The employee being edited; none means a new one. */
  editing: AdminEmployeeView | undefined;
  currentEmployeeId: string | undefined;
  onClose: () => void;
}

const labels = ptBR.adminScreens.employees;
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : ptBR.adminScreens.common.saveFailed;

export function EmployeeFormModal({ open, editing, currentEmployeeId, onClose }: EmployeeFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const departments = useDepartmentOptions();
  const { create, update } = useSaveEmployee();
  const [refusal, setRefusal] = useState<string>();
  const identityEditable = canEditIdentity(editing, currentEmployeeId);
  const typedEmail = Form.useWatch('email', form);
  const email = useEmailStatus(typedEmail, open && !editing);
  // An e-mail with a login account keeps its name and password: the admin picks only the profile.
  const askIdentity = !editing && email.status !== 'existing-account';

  useEffect(() => {
    if (!open) return;
    setRefusal(undefined);
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        email: editing.email,
        role: editing.role,
        departments: editing.departments,
      });
  }, [open, editing, form]);

  const submit = async (values: FormValues) => {
    setRefusal(undefined);
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing._id,
          body: {
            role: values.role,
            departments: values.departments,
            ...(identityEditable ? { name: values.name, email: values.email } : {}),
          },
        });
        void message.success(labels.updated, LIMITS.toastDurationMs / 1000);
      } else if (email.status === 'existing-account') {
        // An existing account is invited, not added: the answer says only that the invitation went out.
        await create.mutateAsync({ email: values.email, role: values.role, departments: values.departments });
        void message.success(ptBR.accounts.invitationSent, LIMITS.toastDurationMs / 1000);
      } else {
        await create.mutateAsync(values);
        void message.success(labels.created, LIMITS.toastDurationMs / 1000);
      }
      onClose();
    } catch (error) {
      // The plan limit is an answer the admin acts on, so it stays in the form, not in a toast.
      if (!editing && createRefusal(error) !== 'other') setRefusal(errorText(error));
      else void message.error(errorText(error), LIMITS.toastDurationMs / 1000);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? labels.editTitle : labels.createTitle}
      okText={ptBR.forms.save}
      cancelText={ptBR.forms.cancel}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      okButtonProps={{
        'data-testid': 'employee-form-submit',
        disabled: !editing && email.status === 'already-here',
      }}
      data-testid="employee-form-modal"
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="employee-form-refusal"
        />
      )}
      {email.status === 'existing-account' && (
        <Alert
          type="info"
          showIcon
          title={ptBR.admin.emailExistsPickProfile}
          description={ptBR.accounts.invitationSentHint}
          style={{ marginBottom: 16 }}
          data-testid="employee-form-existing-account"
        />
      )}
      {email.status === 'already-here' && (
        <Alert
          type="warning"
          showIcon
          title={ptBR.admin.emailInUseHere}
          style={{ marginBottom: 16 }}
          data-testid="employee-form-already-here"
        />
      )}
      {editing && !identityEditable && (
        <Alert type="info" showIcon title={labels.selfOnly} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ departments: [] }}>
        <Form.Item
          name="email"
          label={labels.email}
          rules={[contractRule('email')]}
          required
          extra={email.checking ? ptBR.accounts.checkingEmail : undefined}
        >
          <Input disabled={!identityEditable} data-testid="employee-form-email" maxLength={254} />
        </Form.Item>
        {(editing || askIdentity) && (
          <Form.Item name="name" label={labels.name} rules={[contractRule('name')]} required>
            <Input disabled={!identityEditable} data-testid="employee-form-name" maxLength={120} />
          </Form.Item>
        )}
        <Form.Item name="role" label={labels.role} rules={[contractRule('role')]} required>
          <Select
            notFoundContent={ptBR.forms.noOptions}
            data-testid="employee-form-role"
            options={ROLES.map((role) => ({ value: role, label: ptBR.roles[role] }))}
          />
        </Form.Item>
        <Form.Item name="departments" label={labels.departments}>
          <Select
            notFoundContent={ptBR.forms.noOptions}
            mode="multiple"
            data-testid="employee-form-departments"
            loading={departments.isLoading}
            options={departments.data ?? []}
            optionFilterProp="label"
          />
        </Form.Item>
        {askIdentity && (
          <Form.Item
            name="password"
            label={labels.password}
            extra={labels.passwordHint}
            rules={[contractRule('password')]}
            required
          >
            <Input.Password data-testid="employee-form-password" autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
