import * as styles from './cabinet.css';
import { type NextStepOrder, shownStep } from './next-step';

/** «Что сделать: Оплатите заказ. К оплате 2 140 ₽ картой онлайн.», or what the bureau is doing. */
export function NextStepLine({ order }: { order: NextStepOrder }) {
  const step = shownStep(order);
  return (
    <p className={step.yours ? styles.nextStep.yours : styles.nextStep.wait}>
      {step.yours ? <strong>Что сделать: {step.text}.</strong> : step.text}
      {step.detail ? ` ${step.detail}` : null}
    </p>
  );
}
