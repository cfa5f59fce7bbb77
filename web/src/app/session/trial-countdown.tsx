import { putCompanyTrialExpired } from '@atende/shared/contracts/account/put-company-trial-expired';
import { showsTrialCountdown, trialCountdown } from '@atende/shared/rules/trial';
import { Tag } from 'antd';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callRoute } from '../../lib/api/call-route.ts';
import type { MountedEmployee } from '../../lib/session/account-api.ts';
import { trialJustExpiredAtom } from './state.ts';

/** Spec point 4: the trial countdown label; at zero the trial is expired, the user goes home and the modal opens. */
export function TrialCountdown({ employee }: { employee: MountedEmployee }) {
  const { company } = employee;
  const navigate = useNavigate();
  const setExpired = useSetAtom(trialJustExpiredAtom);
  const [label, setLabel] = useState<string>();
  const dueDate = company.dueDate;
  const active = showsTrialCountdown(company) && dueDate !== null && company.data_trial?.status !== 'expired';

  useEffect(() => {
    if (!active || !dueDate) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const state = trialCountdown(company.account_type, new Date(dueDate), new Date());
      if (state.expired) {
        setLabel(undefined);
        void callRoute(putCompanyTrialExpired, {
          params: { companyId: company._id, employeeId: employee._id },
        })
          .catch(() => undefined)
          .finally(() => {
            navigate('/app/home');
            setExpired(true);
          });
        return;
      }
      setLabel(state.label);
      timer = setTimeout(tick, state.nextTickMs);
    };
    tick();
    return () => clearTimeout(timer);
  }, [active, dueDate, company.account_type, company._id, employee._id, navigate, setExpired]);

  if (!label) return null;
  return (
    <Tag color="gold" data-testid="trial-countdown">
      {label}
    </Tag>
  );
}
