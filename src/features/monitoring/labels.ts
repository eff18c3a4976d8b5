/**
 * Staff read the automation in Russian: task types, periodic jobs, queues, the order log's events
 * and mail templates by name. Anything the server adds later (another engineer's queue) shows as
 * its code rather than disappearing.
 */
import { isOrderStatus, ORDER_STATUS_LABELS } from '../../domain/order-status';

const TASKS: Record<string, string> = {
  'change-status': 'Смена статуса',
  'send-email': 'Письмо',
  'create-delivery': 'Посылка СДЭК',
  'send-closing-receipt': 'Закрывающий чек ЮKassa',
  'send-refund': 'Возврат денег',
  'order-received': 'Подтверждение заказа',
  'make-invoice': 'Счёт (PDF)',
  'make-act': 'Акт (PDF)',
  'send-push': 'Push-уведомление',
  'message-mail': 'Письмо о непрочитанном сообщении',
  'send-telegram': 'Сообщение в Telegram',
  'check-new-paid-orders': 'Проверка оплат',
  'send-payment-reminders': 'Напоминания об оплате',
  'send-act-exchange-reminders': 'Напоминания об актах',
  'sync-pickup-points': 'Пункты выдачи СДЭК',
  'check-delivery-statuses': 'Статусы доставок СДЭК',
  'file-cleanup': 'Очистка загрузок',
  'orphan-sweep': 'Файлы без записей',
  'scan-retention': 'Удаление сканов',
  'remove-erased-files': 'Удаление сканов по запросу клиента',
};

const QUEUES: Record<string, string> = {
  'order-processing': 'Заказы',
  'notification-tasks': 'Уведомления',
  'sync-tasks': 'Синхронизация',
  'personal-data': 'Персональные данные',
  telegram: 'Telegram',
};

const EVENTS: Record<string, string> = {
  'order-created': 'Заказ оформлен',
  'payment-received': 'Оплата получена',
  'payment-reminder': 'Напоминание об оплате',
  'act-reminder': 'Напоминание об акте',
  'courier-parcel': 'Посылка СДЭК',
  'telegram-linked': 'Клиент подключил Telegram',
};

const TEMPLATES: Record<string, string> = {
  'order-received': 'заказ принят',
  'order-payment-due': 'стоимость подтверждена',
  'order-paid': 'заказ оплачен',
  'order-ready': 'перевод готов',
  'order-in-delivery': 'передан в доставку',
  'order-at-pickup-point': 'ждёт в пункте выдачи',
  'order-completed': 'заказ выполнен',
  'order-cancelled': 'заказ отменён',
  'payment-reminder': 'напоминание об оплате',
  'act-reminder': 'напоминание об акте',
  'order-results': 'готовый перевод',
  'order-messages': 'сообщения от бюро',
  'sign-in-code': 'код для входа',
  'access-approved': 'доступ открыт',
  'access-rejected': 'доступ отклонён',
};

export const taskLabel = (name: string) => TASKS[name] ?? name;
export const queueLabel = (name: string) => QUEUES[name] ?? TASKS[name] ?? name;
export const eventLabel = (type: string) => EVENTS[type] ?? TASKS[type] ?? type;
export const templateLabel = (template: string) => TEMPLATES[template] ?? template;

/** What a task or event carries worth a glance: the mail's kind and address, the target status. */
export function detailsOf(data: Record<string, unknown> | null | undefined): string[] {
  if (!data) return [];
  const details: string[] = [];
  if (typeof data.template === 'string') details.push(`шаблон «${templateLabel(data.template)}»`);
  if (typeof data.to === 'string') details.push(data.to);
  if (typeof data.status === 'string')
    details.push(`→ ${isOrderStatus(data.status) ? ORDER_STATUS_LABELS[data.status] : data.status}`);
  if (typeof data.summary === 'string') details.push(data.summary);
  if (typeof data.note === 'string') details.push(data.note);
  return details;
}
