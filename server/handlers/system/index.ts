/** Handlers of the contract's `system` tag. */
import type { AppContext } from '../../app-context';
import { typedHandlers } from '../../http/typed-handlers';
import { checkHealth } from '../../services/monitoring/health';

export function systemHandlers(ctx: AppContext) {
  return typedHandlers({
    getHealth: async () => checkHealth(ctx),
  });
}
