/**
 * /account-deleted: where the cabinet's «Удалить аккаунт» ends. It says what was done and what the
 * bureau keeps, and that the same email may start again with an empty cabinet. Public: the
 * sessions are over by then.
 */
import { Link } from '@tanstack/react-router';
import * as page from '../../ui/page.css';

export function AccountDeletedPage() {
  return (
    <section className={`${page.stack} ${page.card}`} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Аккаунт удалён
      </h1>
      <p>
        Согласие на обработку персональных данных отозвано. Ваши имя, телефон, email, адреса, комментарии,
        сообщения, загруженные сканы и готовые переводы удалены, подписки в Telegram отключены, вход в кабинет
        завершён на всех устройствах.
      </p>
      <p className={page.muted}>
        Номера, даты и суммы заказов, оплаты, возвраты, счета и акты бюро хранит для бухгалтерии — без ваших
        контактов.
      </p>
      <ul>
        <li>
          <Link to="/order/step-1">Оформить новый заказ</Link>
        </li>
        <li>
          <Link to="/cabinet-login">Войти снова</Link> — с тем же email откроется новый, пустой кабинет
        </li>
      </ul>
    </section>
  );
}
