/**
 * Handlers of the contract's `points` tag: the map's active points, staff lists, one point, and
 * edits by an ADMIN or by a PARTNER of their own points (services/catalogue/point-edits.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { notFound } from '../../errors';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { catalogueActor } from '../../services/catalogue/changes';
import {
  findPickupPoint,
  listActivePickupPoints,
  listPickupPoints,
  type PickupPoint,
} from '../../services/catalogue/pickup-points';
import {
  createPoint,
  listPartnerPoints,
  removePoint,
  setPointStatus,
  updatePoint,
} from '../../services/catalogue/point-edits';
import {
  addPointPhoto,
  forgetPhotoFiles,
  pointPhotoFiles,
  removePointPhoto,
} from '../../services/catalogue/point-photos';
import { uploadedFiles } from '../uploaded-files';

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
    listPartnerPoints: async (request) =>
      listPartnerPoints(ctx.db, signedInUser(request), request.params.partnerId),
    createPoint: async (request, reply) => {
      const point = await createPoint(ctx.db, signedInUser(request), request.body);
      return reply.code(201).send(point);
    },
    updatePoint: async (request) => updatePoint(ctx.db, signedInUser(request), request.body),
    setPointStatus: async (request) => setPointStatus(ctx.db, signedInUser(request), request.body),
    deletePoint: async (request) => {
      const photos = await pointPhotoFiles(ctx, request.query.id);
      const result = await removePoint(ctx.db, request.query.id, catalogueActor(signedInUser(request)));
      // A deleted point's photos go with it; a closed one keeps them for when it opens again.
      if (result.outcome === 'DELETED') await forgetPhotoFiles(ctx, photos);
      return result;
    },
    uploadPointPhoto: async (request) =>
      addPointPhoto(ctx, uploadedFiles(request), signedInUser(request), request.params.id),
    deletePointPhoto: async (request) =>
      removePointPhoto(ctx, signedInUser(request), request.params.id, request.query.fileId),
  });
}
