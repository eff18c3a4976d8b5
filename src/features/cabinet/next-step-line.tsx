import { WithWholeNumbers } from '../../ui/order/order-number';
import * as styles from './cabinet.css';
import { type NextStepOrder, shownStep } from './next-step';

/** «Что сделать: Оплатите заказ. К оплате 2 140 ₽ картой онлайн.», or what the bureau is doing. */
export function NextStepLine({ order }: { order: NextStepOrder }) {
  const step = shownStep(order);
  return (
    <p className={step.yours ? styles.nextStep.yours : styles.nextStep.wait}>
      {step.yours ? (
        <strong>
          Что сделать: <WithWholeNumbers text={step.text} />.
        </strong>
      ) : (
        <WithWholeNumbers text={step.text} />
      )}
      {step.detail ? (
        <>
          {' '}
          <WithWholeNumbers text={step.detail} />
        </>
      ) : null}
    </p>
  );
}
