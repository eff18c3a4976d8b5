/**
 * A step opened before the ones it depends on are answered (a bookmark, a shared link, a draft
 * cleared in another tab) sends the visitor to the first step still missing, replacing the
 * history entry so «Назад» does not bounce back here.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { DraftPayload } from '../../db/drafts';
import { firstIncompleteStep } from './later-steps';
import type { OrderStep } from './order-model';

const STEP_PATHS = {
  1: '/order/step-1',
  2: '/order/step-2',
  3: '/order/step-3',
  4: '/order/step-4',
} as const satisfies Record<OrderStep, string>;

export const stepPath = (step: OrderStep) => STEP_PATHS[step];

/** The step to open instead of `step`, or null when `step` may be shown. */
export function stepToOpen(step: OrderStep, payload: DraftPayload): OrderStep | null {
  const missing = firstIncompleteStep(payload);
  return missing < step ? missing : null;
}

export function useStepGuard(step: OrderStep, payload: DraftPayload | null) {
  const navigate = useNavigate();
  const target = payload ? stepToOpen(step, payload) : null;
  useEffect(() => {
    if (target) void navigate({ to: stepPath(target), replace: true });
  }, [navigate, target]);
  return target === null;
}
