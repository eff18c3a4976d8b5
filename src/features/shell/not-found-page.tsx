import { Link } from '@tanstack/react-router';
import * as page from '../../ui/page.css';

export function NotFoundPage() {
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Страница не найдена
      </h1>
      <p className={page.muted}>Возможно, ссылка устарела или в адресе опечатка.</p>
      <p>
        <Link to="/order/step-1">Заказать перевод</Link> или{' '}
        <Link to="/cabinet/orders">открыть личный кабинет</Link>
      </p>
    </section>
  );
}
