/** The top of every order step: progress «Шаг N из 4» and the page title. */
import { FlowProgress } from '../../ui/flow-progress';
import * as page from '../../ui/page.css';

export const ORDER_STEPS = 4;

export function OrderStepHeader({ step }: { step: number }) {
  return (
    <>
      <FlowProgress step={step} total={ORDER_STEPS} />
      <h1 id="order-title" className={page.title}>
        Заказ перевода
      </h1>
    </>
  );
}
