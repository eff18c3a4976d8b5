/**
 * The itemised price on every step: each document × copies, each assurance, delivery, discount
 * and total. A card beside the form on desktop; on a phone a bar pinned to the bottom with the
 * total and «Далее», which opens to the same breakdown.
 */
import { lazy, type RefObject, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import * as styles from './order-form.css';
import { catalogPrice, type FormParams, priceDraft } from './order-model';

// Urgency's row and the promised day come with the estimate's chunk (urgency-choice.tsx), once
// there is something to price: a first visit of step 1 downloads neither.
const SummaryExtra = lazy(() =>
  import('./urgency-choice').then((module) => ({ default: module.SummaryExtra })),
);

export interface SummaryAction {
  label: string;
  /** The id of the step's form: the bar's button submits it. */
  form: string;
  disabled?: boolean;
}

export function OrderSummary({
  catalogue,
  payload,
  action,
}: {
  catalogue: FormParams;
  payload: DraftPayload;
  action?: SummaryAction;
}) {
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  const aside = useRef<HTMLElement>(null);
  useSummaryRoom(aside);
  const price = priceDraft(catalogue, payload);
  const delivery = catalogue.deliveries.find((d) => d.id === payload.deliveryId);
  return (
    <aside ref={aside} className={styles.summary} aria-label="Стоимость заказа">
      <div className={styles.summaryBar}>
        <div className={styles.summaryFigures}>
          <p className={styles.summaryTotal} aria-live="polite">
            {price ? `Итого: ${formatRubles(price.amount)}` : 'Выберите документы'}
          </p>
          <button
            type="button"
            className={styles.summaryToggle}
            aria-expanded={open}
            aria-controls={breakdownId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Скрыть' : 'Подробнее'}
          </button>
        </div>
        {action ? (
          <button
            type="submit"
            form={action.form}
            disabled={action.disabled}
            className={`${button({ tone: 'primary' })} ${styles.nextInBar}`}
          >
            {action.label}
          </button>
        ) : null}
      </div>
      <dl
        id={breakdownId}
        className={open ? styles.breakdown : `${styles.breakdown} ${styles.breakdownHidden}`}
      >
        {price?.lines.map((line) => {
          // A line into several languages: the copies once per language («× 2 × 2 яз.»).
          const n = line.targetLanguages.length;
          const times = `× ${line.quantity}${n > 1 ? ` × ${n} яз.` : ''}`;
          const copies = line.quantity * Math.max(1, n);
          return (
            <div key={line.documentId}>
              <div className={styles.breakdownRow}>
                <dt className={styles.breakdownName}>
                  {line.type} {times}
                </dt>
                <dd>{catalogPrice(line.price * copies)}</dd>
              </div>
              {line.assurances.map((assurance) => (
                <div key={assurance.assuranceId} className={styles.breakdownNested}>
                  <dt className={styles.breakdownName}>
                    {assurance.type} {times}
                  </dt>
                  <dd>{formatRubles(assurance.price * copies)}</dd>
                </div>
              ))}
            </div>
          );
        })}
        {price && price.urgency > 0 ? (
          <Suspense fallback={null}>
            <SummaryExtra part="urgency" catalogue={catalogue} payload={payload} amount={price.urgency} />
          </Suspense>
        ) : null}
        {price && delivery ? (
          <div className={styles.breakdownRow}>
            <dt className={styles.breakdownName}>{delivery.type}</dt>
            <dd>{price.delivery > 0 ? formatRubles(price.delivery) : 'бесплатно'}</dd>
          </div>
        ) : null}
        {price && price.discount > 0 ? (
          <div className={styles.breakdownRow}>
            <dt className={styles.breakdownName}>
              Скидка по промокоду {payload.promoCode}
              {payload.promoKind === 'AMOUNT' ? '' : ` (${payload.promoDiscountPercent}%)`}
            </dt>
            <dd>−{formatRubles(price.discount)}</dd>
          </div>
        ) : null}
        {price?.promoBelowMinimum ? (
          <div className={styles.breakdownRow}>
            <dt className={styles.breakdownName}>
              Промокод {payload.promoCode}: от {formatRubles(payload.promoMinOrderSum ?? 0)}
            </dt>
            <dd>не применён</dd>
          </div>
        ) : null}
        {price ? (
          <div className={styles.breakdownRow}>
            <dt>
              <strong>Итого</strong>
            </dt>
            <dd>
              <strong>{formatRubles(price.amount)}</strong>
            </dd>
          </div>
        ) : null}
        {price ? (
          <Suspense fallback={null}>
            <SummaryExtra part="due" catalogue={catalogue} payload={payload} amount={0} />
          </Suspense>
        ) : null}
      </dl>
    </aside>
  );
}

/**
 * On a phone the summary is pinned over the page; the page leaves room under its content as tall
 * as the bar is now (SUMMARY_ROOM), so with «Подробнее» open «Назад» and the last field can still
 * be scrolled above it, and taps land on them, not on the bar.
 */
function useSummaryRoom(aside: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = aside.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const measure = () => {
      const pinned = getComputedStyle(element).position === 'fixed';
      if (pinned) root.style.setProperty(styles.SUMMARY_ROOM, `${Math.ceil(element.offsetHeight)}px`);
      else root.style.removeProperty(styles.SUMMARY_ROOM);
    };
    // Its size changes when it opens, and when the screen turns from phone to desktop width.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(styles.SUMMARY_ROOM);
    };
  }, [aside]);
}
