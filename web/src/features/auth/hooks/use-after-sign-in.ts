import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { takeWantedPath } from '../../../lib/session/session-store.ts';

/** After sign-in the user lands on the path the guard stored, else on home. */
export function useAfterSignIn(): () => void {
  const navigate = useNavigate();
  return useCallback(() => navigate(takeWantedPath() ?? '/app/home', { replace: true }), [navigate]);
}
