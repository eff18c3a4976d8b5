/**
 * The promo code on step 3: checked with the server when the customer presses «Применить» (with
 * the documents' sum, for a code with a minimum); the discount then shows in the summary («−500 ₽»
 * or «−10 %» beside the field), or the reason it does not apply shows beside the field. A code
 * that applied is re-checked against its minimum whenever the order's sum changes, by the same
 * pricing the server charges with: below it the field says so and nothing is taken off.
 * Offline the code is kept and checked again when the order is sent.
 */
import { useState } from 'react';
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import type { DraftPayload } from '../../db/drafts';
import { promoDiscountText, promoMinimumReason } from '../../domain/promo';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import * as styles from './order-form.css';
import { draftPromoTerms, type FormParams, priceDraft } from './order-model';

/** Nothing checked: the form's copy of a verdict, cleared. */
const NO_PROMO: DraftPayload = {
  promoCode: null,
  promoIsValid: null,
  promoDiscountPercent: null,
  promoKind: null,
  promoAmount: null,
  promoMinOrderSum: null,
};

export function PromoField({
  catalogue,
  values,
  error,
  onChange,
}: {
  catalogue: FormParams;
  values: DraftPayload;
  /** The server's refusal of the code when the order was sent, until the code is changed. */
  error?: string;
  onChange: (patch: DraftPayload) => void;
}) {
  const { api } = useDataLayer();
  const [code, setCode] = useState(values.promoCode ?? '');
  // What the last «Применить» on this page answered, or why the code was not checked.
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const price = priceDraft(catalogue, values);
  const terms = draftPromoTerms(values);
  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      onChange(NO_PROMO);
      setMessage(null);
      return;
    }
    setBusy(true);
    try {
      const verdict = unwrap(
        await api.client.POST('/api/form-settings/promocode/validate', {
          body: { code: trimmed, ...(price ? { orderSum: price.subtotal } : {}) },
        }),
      );
      onChange(
        verdict.valid
          ? {
              promoCode: verdict.code,
              promoIsValid: true,
              promoKind: verdict.kind,
              promoDiscountPercent: verdict.discount,
              promoAmount: verdict.amount,
              promoMinOrderSum: verdict.minOrderSum,
            }
          : { ...NO_PROMO, promoCode: trimmed, promoIsValid: false },
      );
      setMessage(verdict.message);
    } catch (error) {
      onChange({ ...NO_PROMO, promoCode: trimmed });
      setMessage(
        isApiError(error) && !error.isNetworkError
          ? error.message
          : 'Нет связи: проверим промокод при отправке заказа',
      );
    } finally {
      setBusy(false);
    }
  };
  // An applied code follows the order's sum: below its minimum the field says so, whatever was
  // said before. Otherwise the latest word wins: this page's «Применить», then the server's
  // refusal of the sent order, then the draft's own verdict (a page opened again).
  const belowMinimum = terms !== null && price?.promoBelowMinimum === true;
  const applied = terms
    ? belowMinimum
      ? promoMinimumReason(terms.minOrderSum ?? 0)
      : `Промокод применён — скидка ${promoDiscountText(terms).slice(1)}`
    : null;
  const shown = belowMinimum ? applied : (message ?? error ?? applied);
  const invalid = belowMinimum || values.promoIsValid === false || (message === null && Boolean(error));
  return (
    <div className={invalid ? `${styles.field} ${form.fieldInError}` : styles.field}>
      <label htmlFor="promoCode" className={form.label}>
        Промокод (необязательно)
      </label>
      {shown ? (
        <p id="promoCode-message" className={invalid ? form.fieldError : form.hint} role="status">
          {shown}
        </p>
      ) : null}
      <div className={styles.quantity}>
        <input
          id="promoCode"
          className={form.input}
          style={{ maxWidth: '14rem' }}
          value={code}
          maxLength={32}
          autoCapitalize="characters"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={shown ? 'promoCode-message' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            if (values.promoCode) onChange(NO_PROMO);
            setMessage(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => void apply()}
          disabled={busy}
        >
          {busy ? 'Проверяем…' : 'Применить'}
        </button>
      </div>
    </div>
  );
}
