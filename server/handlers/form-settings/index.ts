/**
 * Handlers of the contract's `form-settings` tag: what the order form offers (document types,
 * assurances, deliveries, their order), promo codes, urgency and the bureau's calendar, and the
 * catalogue's change history. Every
 * write to the form's catalogue drops the public catalogue's cached copy, so the next visitor of
 * /order/step-1 gets the new one under a new ETag.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import type { BodyOf } from '../../operation-types';
import { catalogueActor, listCatalogueChanges } from '../../services/catalogue/changes';
import type { FormSettingKind, InputOf, OperationsOf } from '../../services/catalogue/form-setting-kinds';
import {
  createFormSetting,
  listFormSettings,
  removeFormSetting,
  reorderFormSettings,
  updateFormSetting,
} from '../../services/catalogue/form-settings';
import {
  createPromoCode,
  listPromoCodes,
  removePromoCode,
  updatePromoCode,
} from '../../services/catalogue/promo-code-edits';
import { checkPromoFor } from '../../services/catalogue/promo-codes';
import { loadWorkCalendar, saveWorkCalendar } from '../../services/catalogue/work-calendar';

export function formSettingsHandlers(ctx: AppContext) {
  /** Runs a write of the form's catalogue, then lets the public copy reload. */
  async function changing<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      ctx.catalogue.invalidate();
    }
  }

  // Each kind's five operations, made by the same five functions for the three kinds; the map
  // below checks each against its own operation in the contract.
  const list =
    <K extends FormSettingKind>(kind: K) =>
    async () =>
      listFormSettings(ctx.db, kind);
  const create =
    <K extends FormSettingKind>(kind: K) =>
    async (request: FastifyRequest & { body: InputOf<K> }, reply: { status(code: 201): unknown }) => {
      const item = await changing(
        createFormSetting(ctx.db, kind, request.body, catalogueActor(signedInUser(request))),
      );
      reply.status(201);
      return item;
    };
  const update =
    <K extends FormSettingKind>(kind: K) =>
    async (request: FastifyRequest & { body: BodyOf<OperationsOf<K>['update']> }) =>
      changing(updateFormSetting(ctx.db, kind, request.body, catalogueActor(signedInUser(request))));
  const remove =
    <K extends FormSettingKind>(kind: K) =>
    async (request: FastifyRequest & { query: { id: number } }) =>
      changing(removeFormSetting(ctx.db, kind, request.query.id, catalogueActor(signedInUser(request))));
  const reorder =
    <K extends FormSettingKind>(kind: K) =>
    async (request: FastifyRequest & { body: BodyOf<OperationsOf<K>['reorder']> }) =>
      changing(reorderFormSettings(ctx.db, kind, request.body.items, catalogueActor(signedInUser(request))));

  return typedHandlers({
    listDocumentSettings: list('DOCUMENT'),
    createDocumentSetting: create('DOCUMENT'),
    updateDocumentSetting: update('DOCUMENT'),
    deleteDocumentSetting: remove('DOCUMENT'),
    reorderDocumentSettings: reorder('DOCUMENT'),

    listAssuranceSettings: list('ASSURANCE'),
    createAssuranceSetting: create('ASSURANCE'),
    updateAssuranceSetting: update('ASSURANCE'),
    deleteAssuranceSetting: remove('ASSURANCE'),
    reorderAssuranceSettings: reorder('ASSURANCE'),

    listDeliverySettings: list('DELIVERY'),
    createDeliverySetting: create('DELIVERY'),
    updateDeliverySetting: update('DELIVERY'),
    deleteDeliverySetting: remove('DELIVERY'),
    reorderDeliverySettings: reorder('DELIVERY'),

    listPromoCodes: async () => listPromoCodes(ctx.db),
    createPromoCode: async (request, reply) => {
      const row = await createPromoCode(ctx.db, request.body, catalogueActor(signedInUser(request)));
      return reply.code(201).send(row);
    },
    updatePromoCode: async (request) =>
      updatePromoCode(ctx.db, request.body, catalogueActor(signedInUser(request))),
    deletePromoCode: async (request) =>
      removePromoCode(ctx.db, request.query.id, catalogueActor(signedInUser(request))),
    validatePromoCode: async (request) =>
      checkPromoFor(ctx, request.body.code, request.ip, request.body.orderSum),

    listCatalogueChanges: async (request) => listCatalogueChanges(ctx.db, request.query),

    getWorkCalendar: async () => loadWorkCalendar(ctx.db),

    saveWorkCalendar: async (request) =>
      changing(saveWorkCalendar(ctx.db, request.body, catalogueActor(signedInUser(request)))),
  });
}
