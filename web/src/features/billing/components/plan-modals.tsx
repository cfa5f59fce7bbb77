import { PLAN_CATALOG } from '@atende/shared/domain/plan-catalog';
import type { PlanCode } from '@atende/shared/domain/constants';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { getConsumption } from '@atende/shared/contracts/billing/routes';
import { decideAccess } from '@atende/shared/rules/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  Modal,
  Progress,
  Row,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/use-session.ts';
import { billingApi, billingKeys } from '../api/billing-api.ts';
import { GupshupBalance } from './gupshup-balance.tsx';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';

const labels = ptBR.billing;
const featureName = (feature: string) => (labels.featureNames as Record<string, string>)[feature] ?? feature;

/** "My plan": the company's plan, what it includes now, any change already asked for. */
export function MyPlanModal({ onClose, onSeePlans }: { onClose: () => void; onSeePlans: () => void }) {
  const { t } = useTranslation();
  const plan = useQuery({ queryKey: billingKeys.plan, queryFn: billingApi.plan });
  return (
    <Modal
      open
      title={labels.myPlan}
      onCancel={onClose}
      footer={
        <Button onClick={onSeePlans} data-testid="see-plans">
          {labels.plans}
        </Button>
      }
    >
      <div data-testid="account-modal-plan-modal">
        {plan.isPending && <Skeleton active />}
        {plan.isError && <Alert type="error" title={plan.error.message} />}
        {plan.data && (
          <Descriptions column={1}>
            <Descriptions.Item label={labels.currentPlan}>
              {t(`plans.${plan.data.plan}`)}
              {plan.data.trial && (
                <Tag color="gold" style={{ marginInlineStart: 8 }}>
                  {labels.trial}
                </Tag>
              )}
            </Descriptions.Item>
            {plan.data.due_date && (
              <Descriptions.Item label={labels.dueDate}>
                {formatCompanyTime(plan.data.due_date, 'date')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={labels.includedUsers}>{plan.data.max_included_users}</Descriptions.Item>
            <Descriptions.Item label={labels.features}>
              {plan.data.gating
                ? plan.data.features.map((feature) => <Tag key={feature}>{featureName(feature)}</Tag>)
                : labels.allFeatures}
            </Descriptions.Item>
            {plan.data.pending_request && (
              <Descriptions.Item label={labels.plans}>
                {interpolate(labels.pendingRequest, {
                  plan: t(`plans.${plan.data.pending_request.plan}`),
                  date: formatCompanyTime(plan.data.pending_request.created_at),
                })}
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </div>
    </Modal>
  );
}

/** "Plans": what each plan includes, and a change request recorded for the account team. */
export function PlansModal({ current, onClose }: { current: PlanCode; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const request = useMutation({
    mutationFn: (plan: PlanCode) => billingApi.requestChange(plan, note),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.plan });
      void message.success(labels.requested, LIMITS.toastDurationMs / 1000);
      onClose();
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <Modal open width={960} title={labels.plans} footer={null} onCancel={onClose}>
      <Row gutter={[12, 12]} data-testid="plans-modal">
        {PLAN_CATALOG.map((offer) => {
          const mine = offer.code === current || (current === 'advanced062025' && offer.code === 'advanced');
          return (
            <Col key={offer.code} xs={24} md={12} lg={6}>
              <Card
                title={t(`plans.${offer.code}`)}
                extra={mine && <Tag color="green">{labels.current}</Tag>}
                size="small"
              >
                <Typography.Paragraph type="secondary">{offer.flows}</Typography.Paragraph>
                <ul style={{ paddingInlineStart: 16 }}>
                  {offer.highlights.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                {!mine && (
                  <Button
                    block
                    onClick={() => request.mutate(offer.code)}
                    loading={request.isPending}
                    data-testid={`request-plan-${offer.code}`}
                  >
                    {labels.requestChange}
                  </Button>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Input.TextArea
        style={{ marginTop: 12 }}
        rows={2}
        maxLength={1000}
        placeholder={labels.requestNote}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </Modal>
  );
}

/** Conversation consumption: sessions this month against the allowed total (spec point 9), the spec's toast on failure. */
export function ConsumptionModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const { access } = useSession();
  // Operators open this modal only for the Gupshup balance; the sessions are the admins' (spec point 2).
  const seesSessions = access !== undefined && decideAccess(getConsumption.access, access).allowed;
  const month = new Date().toISOString().slice(0, 7);
  const consumption = useQuery({
    enabled: seesSessions,
    queryKey: billingKeys.consumption(month),
    queryFn: async () => {
      try {
        return await billingApi.consumption(month);
      } catch (error) {
        void message.error(ptBR.errors.planSessionsFailed, LIMITS.toastDurationMs / 1000);
        throw error;
      }
    },
    retry: false,
  });
  const data = consumption.data;
  return (
    <Modal open title={labels.consumptionTitle} footer={null} onCancel={onClose}>
      <div data-testid="account-modal-consumption-modal">
        {seesSessions && consumption.isPending && <Skeleton active />}
        {consumption.isError && <Alert type="error" title={ptBR.errors.planSessionsFailed} />}
        {data && (
          <>
            <Progress
              percent={Math.min(100, Math.round((data.sessions / data.allowed) * 100))}
              status={data.sessions > data.allowed ? 'exception' : 'normal'}
            />
            <Typography.Text data-testid="consumption-sessions">
              {interpolate(labels.sessionsOf, {
                used: data.sessions,
                allowed: data.allowed,
                month: data.month.split('-').reverse().join('/'),
              })}
            </Typography.Text>
          </>
        )}
        <GupshupBalance {...(seesSessions ? {} : { emptyText: labels.noGupshup })} />
      </div>
    </Modal>
  );
}
