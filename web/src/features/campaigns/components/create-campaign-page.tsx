import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Card, Flex, Skeleton, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useChoices, useCreateCampaign } from '../hooks/use-campaigns.ts';
import { bodyOf, type CampaignDraft, EMPTY_DRAFT, stepProblem } from './campaign-draft.ts';
import { AudienceStep } from './audience-step.tsx';
import { ChannelStep, ReviewStep, VariablesStep, WhenStep } from './campaign-steps.tsx';
import { CAMPAIGN_PATH } from './campaigns-page.tsx';

const t = ptBR.campaigns;
const STEPS = [
  { title: t.steps.channel, body: ChannelStep },
  { title: t.steps.variables, body: VariablesStep },
  { title: t.steps.audience, body: AudienceStep },
  { title: t.steps.when, body: WhenStep },
  { title: t.steps.review, body: ReviewStep },
];

/** app/campaign/create: channel and template → variables → audience with the estimate → when → review. */
export function CreateCampaignPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const choices = useChoices();
  const create = useCreateCampaign();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<CampaignDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string>();
  const change = (patch: Partial<CampaignDraft>) => {
    setProblem(undefined);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const next = () => {
    const found = stepProblem(step, draft);
    setProblem(found);
    if (!found) setStep(step + 1);
  };
  const submit = async () => {
    try {
      const created = await create.mutateAsync({ body: bodyOf(draft), sendNow: draft.sendNow });
      void message.success(t.createdToast);
      navigate(`${CAMPAIGN_PATH}/${created._id}`);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed);
    }
  };
  const Body = STEPS[step]?.body ?? ReviewStep;
  return (
    <div data-testid="campaign-create-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Steps
        current={step}
        items={STEPS.map(({ title: label }) => ({ title: label }))}
        style={{ marginBlock: 16 }}
      />
      <Card>
        {choices.isLoading && <Skeleton active />}
        {choices.isError && <Alert type="error" showIcon message={ptBR.contactsScreens.common.loadFailed} />}
        {choices.data && <Body draft={draft} change={change} choices={choices.data} />}
        {problem && (
          <Alert
            type="error"
            showIcon
            message={problem}
            style={{ marginTop: 12 }}
            data-testid="campaign-problem"
          />
        )}
        <Flex gap={8} justify="end" style={{ marginTop: 16 }}>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t.actions.back}</Button>}
          {step < STEPS.length - 1 ? (
            <Button type="primary" onClick={next} data-testid="campaign-next">
              {t.actions.next}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={create.isPending}
              onClick={() => void submit()}
              data-testid="campaign-submit"
            >
              {t.actions.create}
            </Button>
          )}
        </Flex>
      </Card>
    </div>
  );
}
