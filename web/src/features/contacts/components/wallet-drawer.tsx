import type { AdminEmployeeView } from '@atende/shared/contracts/employees/views';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import {
  WEEKDAYS,
  rowOrderError,
  timeError,
  walletFormValues,
  walletNameError,
  walletRequest,
  type WalletFormValues,
} from '../forms/wallet-form.ts';
import { useSaveWallet } from '../hooks/use-wallets.ts';

const labels = ptBR.contactsScreens.wallets;
const common = ptBR.contactsScreens.common;
const required = ptBR.forms.requiredField;

const rule = (fn: (value: string | undefined) => string | undefined) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = fn(value);
    if (problem) throw new Error(problem);
  },
});

export interface WalletDrawerProps {
  open: boolean;
  editing: WalletView | undefined;
  employees: readonly AdminEmployeeView[];
  loadingEmployees: boolean;
  onClose: () => void;
}

/** Create or edit a wallet: name, owner, members and the weekly schedule. */
export function WalletDrawer({ open, editing, employees, loadingEmployees, onClose }: WalletDrawerProps) {
  const [form] = Form.useForm<WalletFormValues>();
  const { message } = App.useApp();
  const { create, update } = useSaveWallet();
  const options = employees.map((employee) => ({ value: employee._id, label: employee.name }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(walletFormValues(editing));
  }, [open, editing, form]);

  const submit = async (values: WalletFormValues) => {
    try {
      const body = walletRequest(values);
      if (editing) await update.mutateAsync({ id: editing._id, body });
      else await create.mutateAsync(body);
      void message.success(editing ? labels.updated : labels.created, LIMITS.toastDurationMs / 1000);
      onClose();
    } catch (error) {
      const text = error instanceof ApiRequestError ? error.message : common.saveFailed;
      void message.error(text, LIMITS.toastDurationMs / 1000);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? labels.editTitle : labels.createTitle}
      size={560}
      destroyOnHidden
      data-testid="wallet-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{common.cancel}</Button>
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => form.submit()}
            data-testid="wallet-form-submit"
          >
            {common.save}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={walletFormValues(undefined)}>
        <Form.Item name="name" label={labels.name} rules={[rule(walletNameError)]} required>
          <Input maxLength={60} data-testid="wallet-form-name" />
        </Form.Item>
        <Form.Item name="employee_owner" label={labels.owner} rules={[{ required: true, message: required }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={loadingEmployees}
            options={options}
            notFoundContent={ptBR.forms.noOptions}
            data-testid="wallet-form-employee_owner"
          />
        </Form.Item>
        <Form.Item name="employees" label={labels.employees}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={loadingEmployees}
            options={options}
            notFoundContent={ptBR.forms.noOptions}
            data-testid="wallet-form-employees"
          />
        </Form.Item>
        <Form.Item label={labels.schedule} data-testid="wallet-form-weekly_schedule">
          <Form.List name="weekly_schedule">
            {(rows, { add, remove }) => (
              <Flex vertical gap={8}>
                {rows.map((row) => (
                  <Flex key={row.key} gap={8} align="start">
                    <Form.Item name={[row.name, 'day']} noStyle>
                      <Select
                        style={{ width: 170 }}
                        options={WEEKDAYS.map((day) => ({
                          value: day,
                          label: ptBR.contactsScreens.weekdays[day],
                        }))}
                        data-testid="wallet-schedule-day"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'start']}
                      rules={[rule(timeError)]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input
                        placeholder={labels.start}
                        maxLength={5}
                        style={{ width: 90 }}
                        data-testid="wallet-schedule-start"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'end']}
                      dependencies={[['weekly_schedule', row.name, 'start']]}
                      rules={[
                        rule(timeError),
                        ({ getFieldValue }) => ({
                          validator: async () => {
                            const problem = rowOrderError(getFieldValue(['weekly_schedule', row.name]));
                            if (problem) throw new Error(problem);
                          },
                        }),
                      ]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input
                        placeholder={labels.end}
                        maxLength={5}
                        style={{ width: 90 }}
                        data-testid="wallet-schedule-end"
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={common.delete}
                      onClick={() => remove(row.name)}
                    />
                  </Flex>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ day: 'monday', start: '08:00', end: '18:00' })}
                  style={{ alignSelf: 'start' }}
                  data-testid="wallet-schedule-add"
                >
                  {labels.addDay}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
