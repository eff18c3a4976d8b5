/**
 * The promo code on step 3: checked with the server when the customer presses «Применить»; the
 * discount then shows in the summary, or the reason it does not apply shows beside the field.
 * Offline the code is kept and checked again when the order is sent.
 */
import { useState } from 'react';
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import type { DraftPayload } from '../../db/drafts';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import * as styles from './order-form.css';

export function PromoField({
  values,
  error,
  onChange,
}: {
  values: DraftPayload;
  /** The server's refusal of the code when the order was sent, until the code is changed. */
  error?: string;
  onChange: (patch: DraftPayload) => void;
}) {
  const { api } = useDataLayer();
  const [code, setCode] = useState(values.promoCode ?? '');
  const [message, setMessage] = useState<string | null>(
    values.promoIsValid ? `Промокод применён — скидка ${values.promoDiscountPercent}%` : null,
  );
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      onChange({ promoCode: null, promoIsValid: null, promoDiscountPercent: null });
      setMessage(null);
      return;
    }
    setBusy(true);
    try {
      const verdict = unwrap(
        await api.client.POST('/api/form-settings/promocode/validate', { body: { code: trimmed } }),
      );
      onChange({
        promoCode: verdict.valid ? verdict.code : trimmed,
        promoIsValid: verdict.valid,
        promoDiscountPercent: verdict.valid ? verdict.discount : null,
      });
      setMessage(verdict.message);
    } catch (error) {
      onChange({ promoCode: trimmed, promoIsValid: null, promoDiscountPercent: null });
      setMessage(
        isApiError(error) && !error.isNetworkError
          ? error.message
          : 'Нет связи: проверим промокод при отправке заказа',
      );
    } finally {
      setBusy(false);
    }
  };
  const shown = message ?? error ?? null;
  const invalid = values.promoIsValid === false || (message === null && Boolean(error));
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
            if (values.promoCode)
              onChange({ promoCode: null, promoIsValid: null, promoDiscountPercent: null });
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
