/**
 * Deleting a user (DELETE /api/user/{id}) after a confirmation that names them: their account,
 * sessions and notifications go; their orders stay with the name and contacts they were placed
 * with, so the bureau's records and statistics keep them.
 */
import { useDataLayer } from '../../api/data-layer';
import { ConfirmedDelete } from '../../ui/confirmed-delete';
import { type User, userName } from './user-rules';

export interface DeleteUserProps {
  user: User;
  offline: boolean;
  onDeleted: (text: string) => void;
}

export function DeleteUser({ user, offline, onDeleted }: DeleteUserProps) {
  const { api } = useDataLayer();
  const name = userName(user);
  return (
    <ConfirmedDelete
      warning="Учётную запись не восстановить. Заказы пользователя останутся — с именем и контактами, с которыми они оформлены."
      buttonLabel="Удалить пользователя"
      title={`Удалить пользователя ${name}?`}
      description="Учётная запись, сеансы и уведомления будут удалены без возможности восстановления."
      confirmLabel="Да, удалить"
      offline={offline}
      onConfirm={async () => {
        await api.client.DELETE('/api/user/{id}', { params: { path: { id: user.id } } });
        return `Пользователь ${name} удалён`;
      }}
      onDeleted={onDeleted}
    >
      <p>{user.email ?? user.login ?? ''}</p>
      <p>Заказы останутся в списке заявок с именем и контактами клиента.</p>
    </ConfirmedDelete>
  );
}
