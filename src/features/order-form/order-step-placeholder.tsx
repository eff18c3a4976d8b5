/** Steps 2–4 until the order-flow issue builds them: the progress and a plain notice. */
import { Link } from '@tanstack/react-router';
import { COMING_SOON_TEXT } from '../../ui/coming-soon';
import * as page from '../../ui/page.css';
import { OrderStepHeader } from './order-step-header';

const STEP_NAMES: Record<number, string> = {
  2: 'Загрузка документов',
  3: 'Контактные данные',
  4: 'Доставка',
};

export function OrderStepPlaceholder({ step }: { step: 2 | 3 | 4 }) {
  return (
    <section className={page.stack} aria-labelledby="order-title">
      <OrderStepHeader step={step} />
      <h2 className={page.subtitle}>{STEP_NAMES[step]}</h2>
      <p className={page.muted}>{COMING_SOON_TEXT}</p>
      <p>
        <Link to="/order/step-1">Вернуться к выбору документов</Link>
      </p>
    </section>
  );
}
