/** Handlers of the contract's `tracking` tag: /track's look-ups, and the staff card's tracking line. */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { telegramLinkForTrackedOrder } from '../../services/telegram/links';
import { orderTracking, revokeOrderTracking } from '../../services/tracking/staff-tracking';
import { trackByNumber, trackByToken } from '../../services/tracking/track-order';

export function trackingHandlers(ctx: AppContext) {
  return typedHandlers({
    trackOrder: async (request) => trackByNumber(ctx, request.query, request.ip),

    trackOrderByLink: async (request) => trackByToken(ctx, request.params.token),

    linkTrackedOrderTelegram: async (request) => telegramLinkForTrackedOrder(ctx, request.params.token),

    getOrderTracking: async (request) => orderTracking(ctx, request.params.id),

    revokeOrderTracking: async (request) =>
      revokeOrderTracking(ctx, signedInUser(request), request.params.id),
  });
}
