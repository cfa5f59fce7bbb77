import type { CompanyPermissionsView } from '@atende/shared/contracts/company/permissions';
import { MANAGER_COMPANY_PERMISSIONS, OPERATOR_PERMISSIONS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { permissionRolloutOn } from '@atende/shared/rules/access';
import type { OperatorScope } from '@atende/shared/rules/permission-scope';
import {
  OPERATOR_SCOPE_FLAGS,
  operatorScopeOf,
  withOperatorScope,
} from '@atende/shared/rules/permission-scope';
import { Alert, Button, Card, Checkbox, Col, Radio, Row, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSavePermissions } from '../hooks/use-company.ts';

const labels = ptBR.adminScreens.company.permissions;
const scopeFlags: readonly string[] = OPERATOR_SCOPE_FLAGS;
const ROLE_FLAGS = {
  manager: MANAGER_COMPANY_PERMISSIONS,
  // The scope flags contradict each other as boxes: they are the radio above the operator's boxes.
  operator: OPERATOR_PERMISSIONS.filter((flag) => !scopeFlags.includes(flag)),
} as const;
type PermissionRole = keyof typeof ROLE_FLAGS;

const Help = ({ text }: { text: string }) => (
  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/** Spec point 6: every manager company permission and operator permission, switched per company. */
export function PermissionsCard({ permissions }: { permissions: CompanyPermissionsView }) {
  const [draft, setDraft] = useState(permissions);
  const save = useSavePermissions();
  const { access } = useSession();
  // Spec point 5: managers' route permissions bind only under the manager/profile-manager rollout.
  const managerLegacy = access !== undefined && !permissionRolloutOn(access);
  useEffect(() => setDraft(permissions), [permissions]);

  const toggle = (role: PermissionRole, flag: string, checked: boolean) =>
    setDraft((current) => ({ ...current, [role]: { ...current[role], [flag]: checked } }));
  const scope = operatorScopeOf(draft.operator);
  const setScope = (next: OperatorScope) =>
    setDraft((current) => ({ ...current, operator: withOperatorScope(current.operator, next) }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {(Object.keys(ROLE_FLAGS) as PermissionRole[]).map((role) => (
        <Card key={role} size="small" title={labels[role]} data-testid={`permissions-${role}`}>
          {role === 'manager' && managerLegacy && (
            <Alert
              type="info"
              showIcon
              title={labels.managerLegacy}
              style={{ marginBottom: 16 }}
              data-testid="permissions-manager-legacy"
            />
          )}
          {role === 'operator' && (
            <fieldset style={{ border: 0, margin: '0 0 16px', padding: 0 }}>
              <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 8 }}>
                {labels.operatorScope}
              </legend>
              <Radio.Group
                value={scope}
                onChange={(event) => setScope(event.target.value as OperatorScope)}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                data-testid="permission-operator-scope"
              >
                <Radio value="own" data-testid="permission-operator-scope-own">
                  {labels.operatorScopeOwn}
                </Radio>
                {OPERATOR_SCOPE_FLAGS.map((flag) => (
                  <Radio key={flag} value={flag} data-testid={`permission-operator-scope-${flag}`}>
                    {labels.flags[flag]}
                    <Help text={labels.help[flag]} />
                  </Radio>
                ))}
              </Radio.Group>
            </fieldset>
          )}
          <Row gutter={[16, 12]}>
            {ROLE_FLAGS[role].map((flag) => (
              <Col xs={24} md={12} key={flag}>
                <Checkbox
                  checked={(draft[role] as Record<string, boolean>)[flag] === true}
                  onChange={(event) => toggle(role, flag, event.target.checked)}
                  data-testid={`permission-${role}-${flag}`}
                >
                  {labels.flags[flag]}
                  <Help text={labels.help[flag]} />
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
