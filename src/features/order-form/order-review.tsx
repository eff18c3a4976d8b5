/** The whole order before it is sent (GOV.UK «check your answers»), each part with «Изменить». */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { DraftPayload } from '../../db/drafts';
import type { DraftFile } from '../../db/schema';
import { languageList, languageName } from '../../domain/languages';
import { formatPhone, isValidPhone } from '../../domain/phone';
import { promoDiscountText, promoMinimumReason } from '../../domain/promo';
import * as choices from '../../ui/order/order-choices.css';
import { formatFileSize } from '../../ui/uploader/choose-files';
import * as styles from './order-form.css';
import {
  choiceLanguages,
  chosenDocuments,
  draftPromoTerms,
  type FormParams,
  priceDraft,
} from './order-model';
import { useDueEstimate } from './use-due-estimate';

type StepPath = '/order/step-1' | '/order/step-2' | '/order/step-3';

function Row({
  label,
  value,
  change,
}: {
  label: string;
  value: ReactNode;
  /** The step to change it on, or a field of this page (#id). */
  change: StepPath | `#${string}`;
}) {
  const hidden = <span className="visually-hidden"> {label.toLocaleLowerCase('ru-RU')}</span>;
  const step = change.startsWith('#') ? null : (change as StepPath);
  return (
    <div className={styles.reviewRow}>
      <dt className={styles.reviewKey}>{label}</dt>
      <dd className={styles.reviewValue}>{value || '—'}</dd>
      <dd className={styles.reviewValue}>
        {step ? <Link to={step}>Изменить{hidden}</Link> : <a href={change}>Изменить{hidden}</a>}
      </dd>
    </div>
  );
}

/** The phone as it will be stored (+7 916 123-45-67), not as typed (89161234567). */
const shownPhone = (phone: string | null | undefined) =>
  phone && isValidPhone(phone) ? formatPhone(phone) : phone;

export function OrderReview({
  catalogue,
  values,
  files,
  delivery,
}: {
  catalogue: FormParams;
  values: DraftPayload;
  files: readonly DraftFile[];
  /** How and where the translation is received, as the delivery feature words it. */
  delivery: ReactNode;
}) {
  const due = useDueEstimate(catalogue, values);
  const promoTerms = draftPromoTerms(values);
  const documents = chosenDocuments(values)
    .map((line) => {
      const document = catalogue.documents.find((d) => d.id === line.documentId);
      const assurances = line.assuranceIds
        .map((id) => catalogue.assurances.find((a) => a.id === id)?.type)
        .filter(Boolean);
      // A line with languages of its own names them: «… — английский, немецкий».
      const languages = line.targetLanguages?.length ? ` — ${languageList(line.targetLanguages)}` : '';
      return `${document?.type ?? `Документ №${line.documentId}`} × ${line.quantity}${assurances.length ? ` (${assurances.join(', ')})` : ''}${languages}`;
    })
    .join('\n');
  const targets = [
    ...new Set(chosenDocuments(values).flatMap((line) => choiceLanguages(line, values.targetLanguage))),
  ];
  const payer =
    values.payerType === 'LEGAL'
      ? [
          values.organizationName,
          `ИНН ${values.organizationInn ?? ''}`,
          values.organizationKpp ? `КПП ${values.organizationKpp}` : '',
          values.organizationAddress,
        ]
          .filter(Boolean)
          .join('\n')
      : 'Частное лицо';
  return (
    <section aria-labelledby="review-title" className={choices.fieldset}>
      <h2 id="review-title" className={choices.legend}>
        Проверьте заказ
      </h2>
      <dl className={styles.review}>
        <Row label="Документы" value={documents} change="/order/step-1" />
        <Row
          label="Языки"
          value={`${languageName(values.originalLanguage ?? '')} → ${(targets.length ? targets : [values.targetLanguage ?? '']).map(languageName).join(', ')}`}
          change="/order/step-1"
        />
        {values.comment ? <Row label="Комментарий" value={values.comment} change="/order/step-1" /> : null}
        <Row
          label="Срок готовности"
          value={
            due
              ? `${due.chosen}${values.urgent ? ' — срочный заказ' : ''}`
              : values.urgent
                ? 'Срочный заказ'
                : 'Обычный'
          }
          change="/order/step-1"
        />
        <Row
          label="Файлы"
          value={
            files.length
              ? files.map((file) => `${file.name} (${formatFileSize(file.size)})`).join('\n')
              : 'Пришлю позже'
          }
          change="/order/step-2"
        />
        <Row
          label="Контакты"
          value={[values.name, shownPhone(values.phoneNumber), values.email].filter(Boolean).join('\n')}
          change="/order/step-3"
        />
        <Row label="Плательщик" value={payer} change="/order/step-3" />
        {values.promoCode ? (
          <Row
            label="Промокод"
            value={
              promoTerms
                ? `${values.promoCode} — ${
                    priceDraft(catalogue, values)?.promoBelowMinimum
                      ? `не применён: ${promoMinimumReason(promoTerms.minOrderSum ?? 0).toLowerCase()}`
                      : `скидка ${promoDiscountText(promoTerms).slice(1)}`
                  }`
                : `${values.promoCode} — проверим при отправке`
            }
            change="/order/step-3"
          />
        ) : null}
        <Row label="Получение" value={delivery} change="#deliveryId" />
      </dl>
    </section>
  );
}
