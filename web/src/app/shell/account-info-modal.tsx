import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEffect } from 'react';
import { ConsumptionModal, MyPlanModal, PlansModal } from '../../features/billing/components/plan-modals.tsx';
import type { MountedEmployee } from '../../lib/session/account-api.ts';

/** The account menu's plan, consumption and financial entries. */
export function AccountInfoModal({
  action,
  employee,
  onClose,
}: {
  action: 'plan-modal' | 'consumption-modal' | 'financial';
  title: string;
  employee: MountedEmployee;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [plans, setPlans] = useState(false);
  useEffect(() => {
    // "Financial" opens the read-only financial panel.
    if (action === 'financial') {
      navigate('/app/financial-panel');
      onClose();
    }
  }, [action, navigate, onClose]);
  if (action === 'consumption-modal') return <ConsumptionModal onClose={onClose} />;
  if (action !== 'plan-modal') return null;
  return plans ? (
    <PlansModal current={employee.company.account_type} onClose={onClose} />
  ) : (
    <MyPlanModal onClose={onClose} onSeePlans={() => setPlans(true)} />
  );
}
