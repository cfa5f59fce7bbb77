import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Flex, Form, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { PersonAvatar } from '../../../components/person-avatar/person-avatar.tsx';
import { useEmployeeImages } from '../../../lib/session/profile-api.ts';
import type { TransferTarget } from '../hooks/use-conversation-actions.ts';
import { useDepartmentOptions, useTransferEmployees } from '../hooks/use-side-data.ts';

const labels = ptBR.chat.transfer;

export function TransferModal({
  open,
  canListEmployees,
  busy,
  onCancel,
  onTransfer,
}: {
  open: boolean;
  canListEmployees: boolean;
  busy: boolean;
  onCancel: () => void;
  onTransfer: (target: TransferTarget) => void;
}) {
  const employees = useTransferEmployees(open && canListEmployees);
  const departments = useDepartmentOptions();
  const employeesAvailable = canListEmployees && !employees.isError;
  const [kind, setKind] = useState<'employee' | 'department'>(employeesAvailable ? 'employee' : 'department');
  const [target, setTarget] = useState<string>();
  const mode = employeesAvailable ? kind : 'department';
  const employeeIds = useMemo(() => (employees.data ?? []).map((option) => option.value), [employees.data]);
  const images = useEmployeeImages(mode === 'employee' ? employeeIds : []);
  return (
    <Modal
      open={open}
      title={labels.title}
      okText={labels.confirm}
      cancelText={ptBR.forms.cancel}
      onCancel={onCancel}
      confirmLoading={busy}
      okButtonProps={{ disabled: !target, 'data-testid': 'transfer-confirm' }}
      onOk={() => target && onTransfer(mode === 'employee' ? { employee: target } : { department: target })}
      destroyOnHidden
    >
      <Form layout="vertical">
        {employeesAvailable && (
          <Form.Item>
            <Radio.Group
              value={mode}
              onChange={(event) => {
                setKind(event.target.value as 'employee' | 'department');
                setTarget(undefined);
              }}
              options={[
                { value: 'employee', label: labels.toEmployee },
                { value: 'department', label: labels.toDepartment },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item label={mode === 'employee' ? labels.employee : labels.department} required>
          <Select
            value={target}
            onChange={setTarget}
            showSearch={{ optionFilterProp: 'label' }}
            loading={mode === 'employee' ? employees.isPending : departments.isPending}
            options={mode === 'employee' ? (employees.data ?? []) : (departments.data ?? [])}
            notFoundContent={ptBR.forms.noOptions}
            optionRender={(option) =>
              mode === 'employee' ? (
                <Flex align="center" gap={8}>
                  <PersonAvatar
                    name={String(option.label ?? '')}
                    src={images[String(option.value)]}
                    size="small"
                    testId="transfer-employee-avatar"
                  />
                  {option.label}
                </Flex>
              ) : (
                option.label
              )
            }
            data-testid="transfer-target"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
