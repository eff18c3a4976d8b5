/**
 * The mark of an order placed through the public form without signing in. Anyone may type any
 * email there, so such an order in someone's cabinet may be a stranger's. The customer is warned
 * in one line while the order can still take their money (warnsPlacedWithoutSignIn: before it is
 * paid), with the why and the bureau's one way of taking payment a tap away; once it is paid,
 * done or cancelled the mark is gone. Staff always see that the email was never confirmed.
 */
import { type OrderStatus, warnsPlacedWithoutSignIn } from '../../domain/order-status';
import * as styles from './order-widgets.css';

export const PLACED_WITHOUT_SIGN_IN = 'Оформлен без входа в личный кабинет';

export function PlacedWithoutSignIn({
  audience,
  status,
}: {
  audience: 'customer' | 'staff';
  status: OrderStatus;
}) {
  if (audience === 'staff')
    return (
      <p className={styles.unverified}>
        <strong>{PLACED_WITHOUT_SIGN_IN}.</strong> Почту клиента при заказе никто не подтверждал.
      </p>
    );
  if (!warnsPlacedWithoutSignIn(status)) return null;
  return (
    <details className={styles.unverified}>
      <summary className={styles.unverifiedSummary}>
        <strong>Оформлен без входа.</strong> Не ваш — не оплачивайте.{' '}
        <span className={styles.unverifiedWhy}>Почему?</span>
      </summary>
      <p className={styles.unverifiedMore}>
        Такой заказ мог оформить любой, кто знает вашу почту. Бюро принимает оплату только кнопкой «Оплатить»
        здесь, в личном кабинете: не переходите по ссылкам из комментария к заказу.
      </p>
    </details>
  );
}
