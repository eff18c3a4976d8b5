/**
 * /order/step-3: who orders and who pays. A company gives its INN (checked by its checksum), KPP,
 * name and address for the invoice; anyone may enter a promo code; the personal-data consent is
 * its own checkbox, never ticked in advance. A signed-in customer's known details fill the fields
 * still empty.
 */
import type { DraftPayload } from '../../db/drafts';
import { ConsentCheckbox } from '../../ui/consent-checkbox';
import { ErrorSummary } from '../../ui/lazy-error-summary';
import * as choices from '../../ui/order/order-choices.css';
import { TextField } from '../../ui/text-field';
import { type KnownCustomer, usePrefill } from './known-customer';
import { validateStepThree } from './later-steps';
import * as styles from './order-form.css';
import { OrderStepLayout } from './order-step-layout';
import { usePrefetchStepFour } from './prefetch-step-four';
import { PromoField } from './promo-field';
import { StepActions, useStepForm } from './step-form';
import { useStepGuard } from './step-guard';

const FORM_ID = 'order-step-3';

/** `known`: the signed-in customer's details, filled into the fields still empty. */
export function OrderStepThree({ known }: { known?: KnownCustomer | null }) {
  const { catalogue, payload, errors, change, submit, restart } = useStepForm(
    3,
    validateStepThree,
    '/order/step-4',
  );
  const allowed = useStepGuard(3, payload);
  usePrefill(allowed ? payload : null, known, change);
  usePrefetchStepFour();
  const text = (
    field:
      | 'name'
      | 'phoneNumber'
      | 'email'
      | 'organizationInn'
      | 'organizationKpp'
      | 'organizationName'
      | 'organizationAddress',
    label: string,
    values: DraftPayload,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={field}
      label={label}
      value={(values[field] as string | null | undefined) ?? ''}
      error={errors.problems[field]}
      onValueChange={(value) => change({ [field]: value })}
      {...(extra as object)}
    />
  );

  return (
    <OrderStepLayout
      step={3}
      catalogue={catalogue}
      payload={allowed ? payload : null}
      onRestart={restart}
      action={{ label: 'Далее', form: FORM_ID }}
    >
      {(params, values) => (
        <form id={FORM_ID} className={styles.main} onSubmit={submit} noValidate>
          <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
          <fieldset className={choices.fieldset}>
            <legend className={choices.legend}>Контакты</legend>
            {text('name', 'Имя и фамилия', values, { autoComplete: 'name', maxLength: 200 })}
            {text('phoneNumber', 'Телефон', values, {
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'tel',
              hint: 'Например, +7 916 123-45-67',
              maxLength: 20,
            })}
            {text('email', 'Электронная почта', values, {
              type: 'email',
              inputMode: 'email',
              autoComplete: 'email',
              spellCheck: false,
              hint: 'Пришлём подтверждение заказа и ссылку на оплату',
              maxLength: 254,
            })}
          </fieldset>
          <fieldset className={choices.fieldset}>
            <legend className={choices.legend}>Кто платит</legend>
            {(
              [
                ['INDIVIDUAL', 'Частное лицо'],
                ['LEGAL', 'Организация или ИП (счёт и акт)'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className={choices.option}>
                <input
                  id={value === 'INDIVIDUAL' ? 'payerType' : undefined}
                  type="radio"
                  name="payerType"
                  className={choices.checkbox}
                  checked={(values.payerType ?? 'INDIVIDUAL') === value}
                  onChange={() => change({ payerType: value })}
                />
                <span className={choices.optionName}>{label}</span>
              </label>
            ))}
            {values.payerType === 'LEGAL' ? (
              <div className={styles.documentDetails}>
                {text('organizationInn', 'ИНН', values, {
                  inputMode: 'numeric',
                  maxLength: 12,
                  hint: '10 цифр для организации, 12 для ИП',
                })}
                {text('organizationKpp', 'КПП (необязательно)', values, {
                  inputMode: 'numeric',
                  maxLength: 9,
                })}
                {text('organizationName', 'Название организации', values, { maxLength: 300 })}
                {text('organizationAddress', 'Юридический адрес (необязательно)', values, { maxLength: 500 })}
              </div>
            ) : null}
          </fieldset>
          <PromoField
            catalogue={params}
            values={values}
            error={errors.problems.promoCode}
            onChange={change}
          />
          <ConsentCheckbox
            checked={values.personalDataConsent === true}
            onCheckedChange={(checked) => change({ personalDataConsent: checked ? true : undefined })}
            error={errors.problems.personalDataConsent}
          />
          <StepActions back="/order/step-2" />
        </form>
      )}
    </OrderStepLayout>
  );
}
