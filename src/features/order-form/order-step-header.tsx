/** The top of every order step: progress «Шаг N из 4», the flow's heading and the step's question. */
import { FlowProgress } from '../../ui/flow-progress';
import * as page from '../../ui/page.css';
import { type OrderStep, STEP_TITLES } from './order-model';

export const ORDER_STEPS = 4;

export function OrderStepHeader({ step }: { step: OrderStep }) {
  return (
    <>
      <FlowProgress step={step} total={ORDER_STEPS} />
      <h1 id="order-title" className={page.title}>
        Заказ перевода
      </h1>
      <h2 className={page.subtitle}>{STEP_TITLES[step]}</h2>
    </>
  );
}
