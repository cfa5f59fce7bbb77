import type { CompanyPermissionsView } from '@atende/shared/contracts/company/permissions';
import { MANAGER_COMPANY_PERMISSIONS, OPERATOR_PERMISSIONS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Card, Checkbox, Col, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useSavePermissions } from '../hooks/use-company.ts';

const labels = ptBR.adminScreens.company.permissions;
const ROLE_FLAGS = { manager: MANAGER_COMPANY_PERMISSIONS, operator: OPERATOR_PERMISSIONS } as const;
type PermissionRole = keyof typeof ROLE_FLAGS;

/** Spec point 6: every manager company permission and operator permission, switched per company. */
export function PermissionsCard({ permissions }: { permissions: CompanyPermissionsView }) {
  const [draft, setDraft] = useState(permissions);
  const save = useSavePermissions();
  useEffect(() => setDraft(permissions), [permissions]);

  const toggle = (role: PermissionRole, flag: string, checked: boolean) =>
    setDraft((current) => ({ ...current, [role]: { ...current[role], [flag]: checked } }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {(Object.keys(ROLE_FLAGS) as PermissionRole[]).map((role) => (
        <Card key={role} size="small" title={labels[role]} data-testid={`permissions-${role}`}>
          <Row gutter={[16, 8]}>
            {ROLE_FLAGS[role].map((flag) => (
              <Col xs={24} md={12} key={flag}>
                <Checkbox
                  checked={(draft[role] as Record<string, boolean>)[flag] === true}
                  onChange={(event) => toggle(role, flag, event.target.checked)}
                  data-testid={`permission-${role}-${flag}`}
                >
                  {labels.flags[flag]}
                </Checkbox>
              </Col>
            ))}
          </Row>
        </Card>
      ))}
      <Button
        type="primary"
        loading={save.isPending}
        onClick={() => void save.mutateAsync(draft).catch(() => undefined)}
        data-testid="permissions-save"
      >
        {ptBR.forms.save}
      </Button>
    </Space>
  );
}
