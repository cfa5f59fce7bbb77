import { Alert, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_POLICY } from '../../config/session.ts';
import { logout } from '../../lib/session/logout.ts';
import type { IdlePhase } from './idle-phase.ts';
import { idlePhase } from './idle-phase.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Spec point 4: any activity resets the timer; a warning counts the last seconds down, then the session ends. */
export function InactivityGuard({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const lastActivity = useRef(Date.now());
  const [phase, setPhase] = useState<IdlePhase>({ phase: 'active' });

  useEffect(() => {
    if (disabled) return;
    lastActivity.current = Date.now();
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    ACTIVITY_EVENTS.forEach((name) =>
      window.addEventListener(name, markActive, { passive: true, capture: true }),
    );
    const tick = setInterval(() => {
      const next = idlePhase(lastActivity.current, Date.now(), SESSION_POLICY);
      setPhase((current) =>
        current.phase === next.phase &&
        (next.phase !== 'warning' ||
          (current.phase === 'warning' && current.secondsLeft === next.secondsLeft))
          ? current
          : next,
      );
      if (next.phase === 'expired') void logout();
    }, 1000);
    return () => {
      clearInterval(tick);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, markActive, { capture: true }));
    };
  }, [disabled]);

  if (disabled || phase.phase !== 'warning') return null;
  return (
    <Modal
      open
      title={t('shell.inactivityTitle')}
      okText={t('shell.keepActive')}
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      onOk={() => {
        lastActivity.current = Date.now();
        setPhase({ phase: 'active' });
      }}
    >
      <Alert
        type="warning"
        showIcon
        title={t('session.inactivity', { seconds: String(phase.secondsLeft) })}
        data-testid="inactivity-warning"
      />
    </Modal>
  );
}
