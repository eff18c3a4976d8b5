/** «Статус» above an orders list: every status by its Russian label, or all of them. */
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../domain/order-status';
import { SelectField } from '../select-field';

const OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));

export function StatusFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: OrderStatus | undefined;
  onChange: (status: OrderStatus | undefined) => void;
}) {
  return (
    <SelectField
      id={id}
      label="Статус"
      value={value ?? ''}
      placeholder="Все статусы"
      options={OPTIONS}
      onValueChange={(chosen) => onChange((chosen || undefined) as OrderStatus | undefined)}
    />
  );
}
