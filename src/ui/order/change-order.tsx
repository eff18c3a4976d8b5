/**
 * «Изменить заказ» (decision 0056): the documents, copies, assurances, languages, urgency and delivery of an
 * order the bureau has not started, on the cabinet's order page and on the staff card. The new
 * price is the server's: «Рассчитать стоимость» asks it (dryRun) and shows the sum and every
 * change before «Сохранить изменения» is offered; any edit asks again. Problems follow GOV.UK: a
 * summary linking to each field and the message beside the field, cleared once fixed. A refusal
 * because the work started says so and links to the order's conversation.
 *
 * The change needs the server's price, so it is not queued offline: without a network the button
 * says so (docs/decisions/0056).
 */
import { useId, useState } from 'react';
import type { components } from '../../api/schema.gen';
import { useCachedQuery } from '../../api/use-cached-query';
import { useOnlineStatus } from '../../api/use-online-status';
import { formatRubles } from '../../domain/format';
import { languageName, lineLanguages } from '../../domain/languages';
import { MAX_COPIES_PER_DOCUMENT } from '../../domain/order-lines';
import { button } from '../button';
import { ErrorSummary, type FieldProblem } from '../error-summary';
import * as form from '../form.css';
import * as page from '../page.css';

export type OrderChangeBody = components['schemas']['OrderChange'];
export type OrderChangePreview = components['schemas']['OrderChangePreview'];

export interface ChangeDraft {
  /** uid: the line's own key while it is edited (a document may be swapped for another). */
  lines: {
    uid: number;
    documentId: number;
    quantity: string;
    assuranceIds: number[];
    /** The line's languages, never empty: the order's one where the line names none. */
    targetLanguages: string[];
  }[];
  /** The order's languages: the original's is never a target; a new line starts in the order's one. */
  originalLanguage: string;
  targetLanguage: string;
  urgent: boolean;
  deliveryType: OrderChangeBody['deliveryType'];
  /** The chosen pickup point, by its id: two points may share a name. */
  pickupPointId: number | null;
  /**
   * The order's own point as it is now (null: not at a point). It stays a choice even when the
   * list of points has not loaded, and when the point no longer takes orders (named so, and a
   * change then needs another point); kept, it is left out of the change and the order stays.
   */
  ownPoint: { id: number; name: string } | null;
  address: string;
}

/** The draft of an order as it is now (the cabinet's and the staff card's orders alike). */
export function draftOf(order: {
  documents: readonly {
    documentId: number;
    quantity: number;
    targetLanguages?: readonly string[];
    assurances: readonly { assuranceId: number }[];
  }[];
  originalLanguage: string;
  targetLanguage: string;
  urgent: boolean;
  deliveryType: OrderChangeBody['deliveryType'];
  pickupPointId: number | null;
  pickupPointName: string | null;
  address: string | null;
}): ChangeDraft {
  const ownPoint =
    order.deliveryType === 'PICKUP_POINT' && order.pickupPointId !== null
      ? { id: order.pickupPointId, name: order.pickupPointName ?? `Пункт № ${order.pickupPointId}` }
      : null;
  return {
    lines: order.documents.map((line) => ({
      uid: nextUid++,
      documentId: line.documentId,
      quantity: String(line.quantity),
      assuranceIds: line.assurances.map((a) => a.assuranceId),
      targetLanguages: lineLanguages(line.targetLanguages, order.targetLanguage),
    })),
    originalLanguage: order.originalLanguage,
    targetLanguage: order.targetLanguage,
    urgent: order.urgent,
    deliveryType: order.deliveryType,
    pickupPointId: ownPoint?.id ?? null,
    ownPoint,
    address: order.address ?? '',
  };
}

let nextUid = 1;

const CLOSED_POINT = 'Этот пункт больше не принимает заказы — выберите другой';

/**
 * The points to choose from: those taking orders, and the order's own first if it is not among
 * them — said so once the list has loaded (undefined: not yet, or offline with no copy).
 */
export function pointChoices(
  active: readonly { id: number; name: string }[] | undefined,
  own: ChangeDraft['ownPoint'],
): { id: number; name: string }[] {
  const listed = active ?? [];
  if (!own || listed.some((point) => point.id === own.id)) return [...listed];
  return [{ id: own.id, name: active ? `${own.name} — не принимает новые заказы` : own.name }, ...listed];
}

export const CONVERSATION_HINT = 'Написать бюро в переписке по заказу';

/** What a failed call says: its status, message and the fields it names. */
export interface ChangeFailure {
  status: number;
  message: string;
  details?: unknown;
}

export interface ChangeOrderProps {
  draft: ChangeDraft;
  /** PATCH the order with the body; answers the preview, or throws a ChangeFailure-like error. */
  send: (body: OrderChangeBody, idempotencyKey: string | undefined) => Promise<OrderChangePreview>;
  /** Saved: read the order again. */
  onSaved: () => Promise<void> | void;
  /** Where the order's conversation is (the refusal links there), and the link's words. */
  conversationHref: string;
  conversationLabel?: string;
}

const fieldOfPath = (path: string): string | null => {
  const line = /^\/body\/orderDocuments\/(\d+)/.exec(path);
  if (line)
    return /quantity$/.test(path) ? `change-line-${line[1]}-quantity` : `change-line-${line[1]}-document`;
  if (path.startsWith('/body/orderDocuments')) return 'change-line-0-document';
  if (path.startsWith('/body/address')) return 'change-address';
  if (path.startsWith('/body/pickupPointId')) return 'change-point';
  if (path.startsWith('/body/deliveryType') || path.startsWith('/body/officeId')) return 'change-delivery-0';
  return null;
};

export function ChangeOrder({
  draft: initial,
  send,
  onSaved,
  conversationHref,
  conversationLabel = CONVERSATION_HINT,
}: ChangeOrderProps) {
  const online = useOnlineStatus();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [attempts, setAttempts] = useState(0);
  const [preview, setPreview] = useState<OrderChangePreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const params = useCachedQuery('/api/order/form-params', { kind: 'public' });
  const points = useCachedQuery('/api/point/active', { kind: 'public' });
  const catalogue = params.data;
  const headingId = useId();

  const problemOf = (fieldId: string) => problems.find((p) => p.fieldId === fieldId)?.message;

  /** The order's own point, still chosen, when the loaded list says it takes no orders any more. */
  const closedOwnPoint = (next: ChangeDraft) =>
    next.ownPoint !== null &&
    next.pickupPointId === next.ownPoint.id &&
    points.data !== undefined &&
    !points.data.some((point) => point.id === next.ownPoint?.id);

  /** Client checks: what a person can fix before asking the server. */
  const check = (next: ChangeDraft): FieldProblem[] => {
    const found: FieldProblem[] = [];
    next.lines.forEach((line, index) => {
      const copies = Number(line.quantity);
      if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES_PER_DOCUMENT)
        found.push({
          fieldId: `change-line-${index}-quantity`,
          message: `Укажите число копий от 1 до ${MAX_COPIES_PER_DOCUMENT}`,
        });
    });
    if (next.lines.length === 0)
      found.push({ fieldId: 'change-add-line', message: 'Оставьте хотя бы один документ' });
    if (next.deliveryType === 'COURIER' && !next.address.trim())
      found.push({ fieldId: 'change-address', message: 'Укажите адрес доставки' });
    if (next.deliveryType === 'PICKUP_POINT' && next.pickupPointId === null)
      found.push({ fieldId: 'change-point', message: 'Выберите пункт выдачи' });
    else if (next.deliveryType === 'PICKUP_POINT' && closedOwnPoint(next))
      found.push({ fieldId: 'change-point', message: CLOSED_POINT });
    return found;
  };

  const update = (next: ChangeDraft) => {
    setDraft(next);
    setPreview(null);
    setDone(null);
    // A message clears once its field is fixed.
    if (problems.length)
      setProblems(check(next).filter((p) => problems.some((q) => q.fieldId === p.fieldId)));
  };

  const bodyOf = (dryRun: boolean): OrderChangeBody => {
    const delivery = catalogue?.deliveries.find((item) => item.code === draft.deliveryType);
    return {
      orderDocuments: draft.lines.map((line) => ({
        documentId: line.documentId,
        quantity: Number(line.quantity),
        assuranceIds: line.assuranceIds,
        targetLanguages: line.targetLanguages,
      })),
      urgent: draft.urgent,
      deliveryType: draft.deliveryType,
      deliveryId: delivery?.id ?? null,
      // The order's own point is left out: the server keeps the order there.
      ...(draft.deliveryType !== 'PICKUP_POINT'
        ? { pickupPointId: null }
        : draft.pickupPointId !== draft.ownPoint?.id
          ? { pickupPointId: draft.pickupPointId }
          : {}),
      address: draft.deliveryType === 'COURIER' ? draft.address.trim() : null,
      ...(dryRun ? { dryRun: true } : {}),
    };
  };

  const call = async (dryRun: boolean) => {
    const found = check(draft);
    setProblems(found);
    setRefusal(null);
    if (found.length) {
      setAttempts((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      // The key goes with the save; a retry after a lost answer reuses it and changes nothing twice.
      const answer = await send(bodyOf(dryRun), dryRun ? undefined : key);
      if (dryRun) {
        setPreview(answer);
      } else {
        setPreview(null);
        setOpen(false);
        setKey(crypto.randomUUID());
        setDone(
          answer.saved
            ? `Заказ изменён. Новая сумма: ${formatRubles(answer.amount)}.`
            : 'Изменений нет: заказ остался прежним.',
        );
        await onSaved();
      }
    } catch (failure) {
      const { status, message, details } = failure as ChangeFailure;
      if (status === 400 && Array.isArray(details)) {
        const mapped = (details as { path?: string; message?: string }[])
          .map((d) => ({
            fieldId: fieldOfPath(d.path ?? '') ?? 'change-line-0-document',
            message: d.message ?? message,
          }))
          .filter((p, i, all) => all.findIndex((q) => q.fieldId === p.fieldId) === i);
        setProblems(mapped.length ? mapped : [{ fieldId: 'change-line-0-document', message }]);
        setAttempts((n) => n + 1);
      } else {
        setRefusal(message || 'Не получилось изменить заказ. Попробуйте ещё раз.');
      }
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className={page.stack}>
        {done ? (
          <p className={form.success} role="status">
            {done}
          </p>
        ) : null}
        <p className={form.actions}>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={!online}
            onClick={() => {
              setDraft(initial);
              setPreview(null);
              setProblems([]);
              setRefusal(null);
              setDone(null);
              setOpen(true);
            }}
          >
            Изменить заказ
          </button>
          {online ? null : <span className={page.muted}>Изменить заказ можно, когда появится связь.</span>}
        </p>
      </div>
    );
  }

  const documents = catalogue?.documents ?? [];
  const assurances = catalogue?.assurances ?? [];
  const deliveries = catalogue?.deliveries ?? [];
  return (
    <section className={page.card} aria-labelledby={headingId}>
      <h2 id={headingId}>Изменить заказ</h2>
      <p className={page.muted}>
        Пока бюро не начало работу, можно поменять документы, копии, заверения, срочность и доставку. Новую
        стоимость рассчитает сервер — вы увидите её до сохранения.
      </p>
      <ErrorSummary errors={problems} focusKey={attempts} />
      {refusal ? (
        <div className={form.errorSummary} role="alert">
          <p>{refusal}</p>
          <p>
            <a href={conversationHref} className={form.errorSummaryLink}>
              {conversationLabel}
            </a>
          </p>
        </div>
      ) : null}
      <form
        className={form.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void call(preview === null);
        }}
      >
        {draft.lines.map((line, index) => {
          const documentId = `change-line-${index}-document`;
          const quantityId = `change-line-${index}-quantity`;
          const documentProblem = problemOf(documentId);
          const quantityProblem = problemOf(quantityId);
          const setLine = (changes: Partial<ChangeDraft['lines'][number]>) =>
            update({ ...draft, lines: draft.lines.map((l, i) => (i === index ? { ...l, ...changes } : l)) });
          return (
            <fieldset key={line.uid} className={form.choiceGroup}>
              <legend className={form.legend}>Документ {index + 1}</legend>
              <div className={form.field}>
                <label className={form.label} htmlFor={documentId}>
                  Какой документ
                </label>
                {documentProblem ? (
                  <p className={form.fieldError} id={`${documentId}-error`}>
                    {documentProblem}
                  </p>
                ) : null}
                <select
                  id={documentId}
                  className={form.select}
                  value={line.documentId}
                  aria-describedby={documentProblem ? `${documentId}-error` : undefined}
                  onChange={(event) => setLine({ documentId: Number(event.target.value) })}
                >
                  {documents.some((d) => d.id === line.documentId) ? null : (
                    <option value={line.documentId}>Документ № {line.documentId}</option>
                  )}
                  {documents.map((document) => (
                    <option key={document.id} value={document.id}>
                      {document.type}
                    </option>
                  ))}
                </select>
              </div>
              <div className={form.field}>
                <label className={form.label} htmlFor={quantityId}>
                  Копий
                </label>
                {quantityProblem ? (
                  <p className={form.fieldError} id={`${quantityId}-error`}>
                    {quantityProblem}
                  </p>
                ) : null}
                <input
                  id={quantityId}
                  className={quantityProblem ? `${form.input} ${form.fieldInError}` : form.input}
                  inputMode="numeric"
                  value={line.quantity}
                  aria-invalid={quantityProblem ? true : undefined}
                  aria-describedby={quantityProblem ? `${quantityId}-error` : undefined}
                  onChange={(event) => setLine({ quantity: event.target.value.trim() })}
                  style={{ maxWidth: '8rem' }}
                />
              </div>
              <fieldset className={form.choiceGroup}>
                <legend className={form.legend}>Заверение</legend>
                {assurances.map((assurance) => {
                  const id = `change-line-${index}-assurance-${assurance.id}`;
                  const checked = line.assuranceIds.includes(assurance.id);
                  return (
                    <label key={assurance.id} className={form.choice} htmlFor={id}>
                      <input
                        id={id}
                        type="checkbox"
                        className={form.choiceControl}
                        checked={checked}
                        onChange={() =>
                          setLine({
                            assuranceIds: checked
                              ? line.assuranceIds.filter((a) => a !== assurance.id)
                              : [...line.assuranceIds, assurance.id],
                          })
                        }
                      />
                      {assurance.type} — {formatRubles(assurance.price)}
                    </label>
                  );
                })}
              </fieldset>
              <fieldset className={form.choiceGroup}>
                <legend className={form.legend}>Языки перевода</legend>
                {line.targetLanguages.map((code) => {
                  const id = `change-line-${index}-language-${code}`;
                  // The last language stays: a line is translated into at least one.
                  const last = line.targetLanguages.length === 1;
                  return (
                    <label key={code} className={form.choice} htmlFor={id}>
                      <input
                        id={id}
                        type="checkbox"
                        className={form.choiceControl}
                        checked
                        disabled={last}
                        onChange={() =>
                          setLine({ targetLanguages: line.targetLanguages.filter((other) => other !== code) })
                        }
                      />
                      {languageName(code)}
                    </label>
                  );
                })}
                <div className={form.field}>
                  <label className={form.label} htmlFor={`change-line-${index}-add-language`}>
                    Добавить язык
                  </label>
                  <select
                    id={`change-line-${index}-add-language`}
                    className={form.select}
                    value=""
                    onChange={(event) =>
                      event.target.value &&
                      setLine({ targetLanguages: [...line.targetLanguages, event.target.value] })
                    }
                  >
                    <option value="">Выберите язык</option>
                    {(catalogue?.languages ?? [])
                      .filter(
                        (language) =>
                          language.code !== draft.originalLanguage &&
                          !line.targetLanguages.includes(language.code),
                      )
                      .map((language) => (
                        <option key={language.code} value={language.code}>
                          {language.name}
                        </option>
                      ))}
                  </select>
                </div>
              </fieldset>
              {draft.lines.length > 1 ? (
                <p>
                  <button
                    type="button"
                    className={button({ tone: 'secondary' })}
                    onClick={() => update({ ...draft, lines: draft.lines.filter((_, i) => i !== index) })}
                  >
                    Убрать документ {index + 1}
                  </button>
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <p>
          <button
            id="change-add-line"
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={documents.length === 0}
            onClick={() => {
              const unused =
                documents.find((d) => !draft.lines.some((l) => l.documentId === d.id)) ?? documents[0];
              if (unused)
                update({
                  ...draft,
                  lines: [
                    ...draft.lines,
                    {
                      uid: nextUid++,
                      documentId: unused.id,
                      quantity: '1',
                      assuranceIds: [],
                      targetLanguages: [draft.targetLanguage],
                    },
                  ],
                });
            }}
          >
            Добавить документ
          </button>
        </p>
        <label className={form.choice} htmlFor="change-urgent">
          <input
            id="change-urgent"
            type="checkbox"
            className={form.choiceControl}
            checked={draft.urgent}
            onChange={(event) => update({ ...draft, urgent: event.target.checked })}
          />
          Срочно{catalogue ? ` (+${catalogue.schedule.urgentPercent}% к цене перевода)` : ''}
        </label>
        <fieldset className={form.choiceGroup}>
          <legend className={form.legend}>Как получить</legend>
          {deliveries.map((delivery, index) => (
            <label key={delivery.id} className={form.choice} htmlFor={`change-delivery-${index}`}>
              <input
                id={`change-delivery-${index}`}
                type="radio"
                name="change-delivery"
                className={form.choiceControl}
                checked={draft.deliveryType === delivery.code}
                onChange={() => update({ ...draft, deliveryType: delivery.code })}
              />
              {delivery.type} — {formatRubles(delivery.price)}
            </label>
          ))}
        </fieldset>
        {draft.deliveryType === 'PICKUP_POINT' ? (
          <div className={form.field}>
            <label className={form.label} htmlFor="change-point">
              Пункт выдачи
            </label>
            {closedOwnPoint(draft) ? (
              <p className={form.hint} id="change-point-hint">
                {draft.ownPoint?.name} больше не принимает заказы. Чтобы изменить заказ, выберите другой
                пункт.
              </p>
            ) : null}
            {problemOf('change-point') ? (
              <p className={form.fieldError} id="change-point-error">
                {problemOf('change-point')}
              </p>
            ) : null}
            <select
              id="change-point"
              className={form.select}
              value={draft.pickupPointId ?? ''}
              aria-describedby={
                [
                  closedOwnPoint(draft) ? 'change-point-hint' : '',
                  problemOf('change-point') ? 'change-point-error' : '',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(event) =>
                update({ ...draft, pickupPointId: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">Выберите пункт</option>
              {pointChoices(points.data, draft.ownPoint).map((point) => (
                <option key={point.id} value={point.id}>
                  {point.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {draft.deliveryType === 'COURIER' ? (
          <div className={form.field}>
            <label className={form.label} htmlFor="change-address">
              Адрес доставки
            </label>
            {problemOf('change-address') ? (
              <p className={form.fieldError} id="change-address-error">
                {problemOf('change-address')}
              </p>
            ) : null}
            <input
              id="change-address"
              className={problemOf('change-address') ? `${form.input} ${form.fieldInError}` : form.input}
              autoComplete="street-address"
              value={draft.address}
              aria-invalid={problemOf('change-address') ? true : undefined}
              aria-describedby={problemOf('change-address') ? 'change-address-error' : undefined}
              onChange={(event) => update({ ...draft, address: event.target.value })}
            />
          </div>
        ) : null}
        {preview ? <PreviewBox preview={preview} /> : null}
        <p className={form.actions}>
          {preview ? (
            <button type="submit" className={button()} disabled={busy || !online}>
              Сохранить изменения
            </button>
          ) : (
            <button type="submit" className={button()} disabled={busy || !online}>
              Рассчитать стоимость
            </button>
          )}
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => setOpen(false)}>
            Отмена
          </button>
        </p>
        {online ? null : <p className={page.muted}>Нет связи: изменить заказ можно, когда она появится.</p>}
      </form>
    </section>
  );
}

function PreviewBox({ preview }: { preview: OrderChangePreview }) {
  return (
    <div className={page.card} role="status" aria-live="polite">
      <p>
        Сумма заказа: было <strong>{formatRubles(preview.amountBefore)}</strong>, станет{' '}
        <strong data-testid="change-new-amount">{formatRubles(preview.amount)}</strong>.
      </p>
      {preview.changes.length ? (
        <ul>
          {preview.changes.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p>Изменений нет.</p>
      )}
      {preview.promoBelowMinimum ? (
        <p>
          Промокод {preview.promoCode} останется в заказе, но скидки не будет, пока сумма документов меньше
          минимальной для него.
        </p>
      ) : null}
      {preview.status === 'NEW' ? (
        <p className={page.muted}>
          Менеджер подтвердит новую стоимость, после этого заказ можно будет оплатить.
        </p>
      ) : null}
    </div>
  );
}
