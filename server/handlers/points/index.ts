/** Handlers of the contract's `points` tag. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { typedHandlers } from '../../http/typed-handlers';
import {
  findPickupPoint,
  listActivePickupPoints,
  listPickupPoints,
  type PickupPoint,
} from '../../services/pickup-points';

/** A closed point is visible to the office staff and to the partner who runs it. */
function mayViewClosedPoint(request: FastifyRequest, point: PickupPoint): boolean {
  const user = request.user;
  if (!user) return false;
  if (user.role === 'ADMIN' || user.role === 'MANAGER') return true;
  return user.role === 'PARTNER' && user.partnerId !== null && user.partnerId === point.partnerId;
}

export function pointsHandlers(ctx: AppContext) {
  return typedHandlers({
    listPoints: async () => listPickupPoints(ctx.db),
    listActivePoints: async () => listActivePickupPoints(ctx.db),
    getPoint: async (request) => {
      const point = await findPickupPoint(ctx.db, request.params.id);
      // 404 rather than 403 for a closed point: customers are not told it exists.
      if (!point || (!point.isActive && !mayViewClosedPoint(request, point)))
        throw notFound('Пункт выдачи не найден');
      return point;
    },
  });
}
