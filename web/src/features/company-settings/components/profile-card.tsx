import type { CompanyProfileView } from '@atende/shared/contracts/company/profile';
import { updateCompanyProfileBody } from '@atende/shared/contracts/company/profile';
import { ADDRESS_PARTS } from '@atende/shared/domain/address';
import { TIMEZONES } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { addressWarning } from '@atende/shared/rules/address';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Select, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dates/dates.ts';
import { maskCnpj } from '../forms/cnpj.ts';
import { useSaveProfile } from '../hooks/use-company.ts';

const labels = ptBR.adminScreens.company.profile;
type AddressPart = (typeof ADDRESS_PARTS)[number];

interface ProfileForm {
  name: string;
  cnpj: string;
  timezone: CompanyProfileView['timezone'];
  address: Record<AddressPart, string>;
}

const contractRule = (field: 'name' | 'cnpj') => ({
  validator: async (_: unknown, value: unknown) => {
    if (field === 'cnpj' && (value === '' || value === undefined)) return;
    const parsed = updateCompanyProfileBody.shape[field].safeParse(value);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? ptBR.admin.invalidField);
  },
});

/** Name, CNPJ (masked, checked), address with the incomplete-address notice, timezone; the plan is read-only. */
export function ProfileCard({ profile }: { profile: CompanyProfileView }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileForm>();
  const address = Form.useWatch('address', form);
  const save = useSaveProfile();
  const warning = addressWarning(address ?? profile.address);

  useEffect(() => {
    form.setFieldsValue({
      name: profile.name,
      cnpj: maskCnpj(profile.cnpj ?? ''),
      timezone: profile.timezone,
      address: profile.address,
    });
  }, [profile, form]);

  const submit = (values: ProfileForm) =>
    save.mutateAsync({ ...values, cnpj: values.cnpj ? values.cnpj : null }).catch(() => undefined);

  const { plan } = profile;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Card size="small" title={labels.title} data-testid="company-profile">
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item name="name" label={labels.name} rules={[contractRule('name')]} required>
              <Input maxLength={120} data-testid="profile-name" />
            </Form.Item>
            <Form.Item
              name="cnpj"
              label={labels.cnpj}
              rules={[contractRule('cnpj')]}
              getValueFromEvent={(event: { target: { value: string } }) => maskCnpj(event.target.value)}
            >
              <Input placeholder="00.000.000/0000-00" inputMode="numeric" data-testid="profile-cnpj" />
            </Form.Item>
            <Form.Item
              name="timezone"
              label={labels.timezone}
              rules={[{ required: true, message: ptBR.forms.required }]}
            >
              <Select
                notFoundContent={ptBR.forms.noOptions}
                showSearch
                options={TIMEZONES.map((zone) => ({ value: zone, label: zone }))}
                data-testid="profile-timezone"
              />
            </Form.Item>
            <Card type="inner" size="small" title={labels.address}>
              {warning && (
                <Alert
                  type="warning"
                  showIcon
                  title={warning}
                  style={{ marginBottom: 12 }}
                  data-testid="profile-address-warning"
                />
              )}
              <Row gutter={12}>
                {ADDRESS_PARTS.map((part) => (
                  <Col xs={24} md={part === 'street' ? 16 : 8} key={part}>
                    <Form.Item name={['address', part]} label={labels[part]}>
                      <Input maxLength={120} data-testid={`profile-address-${part}`} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Card>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              style={{ marginTop: 16 }}
              data-testid="profile-save"
            >
              {ptBR.forms.save}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={labels.plan} data-testid="company-plan">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={labels.plan}>
              {t(`plans.${plan.account_type}`)}{' '}
              {plan.account_is_trial && <Tag color="orange">{labels.trial}</Tag>}
            </Descriptions.Item>
            {plan.dueDate && (
              <Descriptions.Item label={labels.dueDate}>
                {dayjs(plan.dueDate).tz().format('L')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={labels.users}>
              {interpolate(labels.usersOf, { active: plan.active_users, max: plan.max_included_users })}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
