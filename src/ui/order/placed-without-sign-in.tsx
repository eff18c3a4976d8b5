/**
 * The mark of an order placed through the public form without signing in. Anyone may type any
 * email there, so such an order in someone's cabinet may be a stranger's: the customer is told so
 * (and that the bureau never asks to pay through a link in a comment), and staff see it too.
 */
import * as styles from './order-widgets.css';

export const PLACED_WITHOUT_SIGN_IN = 'Оформлен без входа в личный кабинет';

export function PlacedWithoutSignIn({ audience }: { audience: 'customer' | 'staff' }) {
  return (
    <p className={styles.unverified}>
      <strong>{PLACED_WITHOUT_SIGN_IN}.</strong>{' '}
      {audience === 'customer'
        ? 'Его мог оформить любой, кто знает вашу почту. Если вы его не оформляли — не оплачивайте его и не переходите по ссылкам из комментария: бюро принимает оплату только кнопкой «Оплатить» в личном кабинете.'
        : 'Почту клиента при заказе никто не подтверждал.'}
    </p>
  );
}
