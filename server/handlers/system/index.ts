/** Handlers of the contract's `system` tag. */
import type { AppContext } from '../../context';
import type { OperationHandlers } from '../../http/operations';
import { checkHealth } from '../../services/health';

export function systemHandlers(ctx: AppContext): OperationHandlers {
  return {
    getHealth: async () => checkHealth(ctx),
  };
}
