/** /no-access: a signed-in staff user opened a page their role does not include. */
import { Link } from '@tanstack/react-router';
import * as page from '../../../ui/page.css';
import { hasStaffAccess, staffHome } from '../guards';
import { staffSide } from '../session-sides';
import { useSession, useSessions } from '../use-session';

export function NoAccessPage() {
  const sessions = useSessions();
  useSession('crm'); // re-render when the staff session changes
  const staff = staffSide(sessions);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Нет доступа
      </h1>
      <p>У вашей роли нет доступа к этому разделу. Если он нужен для работы, обратитесь к администратору.</p>
      <ul>
        {hasStaffAccess(staff) ? (
          <li>
            <Link to={staffHome(staff.role)}>Вернуться в бэк-офис</Link>
          </li>
        ) : (
          <li>
            <Link to="/login">Войти как сотрудник</Link>
          </li>
        )}
        <li>
          <Link to="/cabinet/orders">Открыть личный кабинет</Link>
        </li>
      </ul>
    </section>
  );
}
