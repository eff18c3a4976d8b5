/**
 * Handlers of the contract's `form-settings` tag: what the order form offers (document types,
 * assurances, deliveries, their order), promo codes, and the catalogue's change history. Every
 * write to the form's catalogue drops the public catalogue's cached copy, so the next visitor of
 * /order/step-1 gets the new one under a new ETag.
 */
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { listAssurances, listDeliveries, listDocumentTypes } from '../../services/catalogue';
import { catalogueActor, listCatalogueChanges } from '../../services/catalogue/changes';
import {
  createAssurance,
  createDelivery,
  createDocumentType,
  removeFormSetting,
  reorderFormSettings,
  updateAssurance,
  updateDelivery,
  updateDocumentType,
} from '../../services/catalogue/form-settings';
import {
  createPromoCode,
  listPromoCodes,
  removePromoCode,
  updatePromoCode,
} from '../../services/catalogue/promo-code-edits';
import { checkPromoFor } from '../../services/promo-codes';

export function formSettingsHandlers(ctx: AppContext) {
  /** Runs a write of the form's catalogue, then lets the public copy reload. */
  async function changing<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      ctx.catalogue.invalidate();
    }
  }

  return typedHandlers({
    listDocumentSettings: async () => listDocumentTypes(ctx.db),
    createDocumentSetting: async (request, reply) => {
      const row = await changing(
        createDocumentType(ctx.db, request.body, catalogueActor(signedInUser(request))),
      );
      return reply.code(201).send(row);
    },
    updateDocumentSetting: async (request) =>
      changing(updateDocumentType(ctx.db, request.body, catalogueActor(signedInUser(request)))),
    deleteDocumentSetting: async (request) =>
      changing(
        removeFormSetting(ctx.db, 'DOCUMENT', request.query.id, catalogueActor(signedInUser(request))),
      ),
    reorderDocumentSettings: async (request) =>
      changing(
        reorderFormSettings(ctx.db, 'DOCUMENT', request.body.items, catalogueActor(signedInUser(request))),
      ).then(() => listDocumentTypes(ctx.db)),

    listAssuranceSettings: async () => listAssurances(ctx.db),
    createAssuranceSetting: async (request, reply) => {
      const row = await changing(
        createAssurance(ctx.db, request.body, catalogueActor(signedInUser(request))),
      );
      return reply.code(201).send(row);
    },
    updateAssuranceSetting: async (request) =>
      changing(updateAssurance(ctx.db, request.body, catalogueActor(signedInUser(request)))),
    deleteAssuranceSetting: async (request) =>
      changing(
        removeFormSetting(ctx.db, 'ASSURANCE', request.query.id, catalogueActor(signedInUser(request))),
      ),
    reorderAssuranceSettings: async (request) =>
      changing(
        reorderFormSettings(ctx.db, 'ASSURANCE', request.body.items, catalogueActor(signedInUser(request))),
      ).then(() => listAssurances(ctx.db)),

    listDeliverySettings: async () => listDeliveries(ctx.db),
    createDeliverySetting: async (request, reply) => {
      const row = await changing(createDelivery(ctx.db, request.body, catalogueActor(signedInUser(request))));
      return reply.code(201).send(row);
    },
    updateDeliverySetting: async (request) =>
      changing(updateDelivery(ctx.db, request.body, catalogueActor(signedInUser(request)))),
    deleteDeliverySetting: async (request) =>
      changing(
        removeFormSetting(ctx.db, 'DELIVERY', request.query.id, catalogueActor(signedInUser(request))),
      ),
    reorderDeliverySettings: async (request) =>
      changing(
        reorderFormSettings(ctx.db, 'DELIVERY', request.body.items, catalogueActor(signedInUser(request))),
      ).then(() => listDeliveries(ctx.db)),

    listPromoCodes: async () => listPromoCodes(ctx.db),
    createPromoCode: async (request, reply) => {
      const row = await createPromoCode(ctx.db, request.body, catalogueActor(signedInUser(request)));
      return reply.code(201).send(row);
    },
    updatePromoCode: async (request) =>
      updatePromoCode(ctx.db, request.body, catalogueActor(signedInUser(request))),
    deletePromoCode: async (request) =>
      removePromoCode(ctx.db, request.query.id, catalogueActor(signedInUser(request))),
    validatePromoCode: async (request) => checkPromoFor(ctx, request.body.code, request.ip),

    listCatalogueChanges: async (request) => listCatalogueChanges(ctx.db, request.query),
  });
}
