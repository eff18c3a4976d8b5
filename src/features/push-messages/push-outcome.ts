/**
 * What became of a staff message, in words: everyone in its audience gets it in the app (the
 * cabinet's or the back office's «Уведомления»), and those who turned push on for a device also
 * on that phone or computer. The counts alone («Получателей 3 · Устройств 0») left the owner to
 * guess that 0 devices means nobody had push on, not that the message was lost.
 */
import { countRu } from '../../domain/format';
import type { SentPush } from './push-rules';

const USERS = ['пользователь', 'пользователя', 'пользователей'] as const;
const DEVICES = ['устройство', 'устройства', 'устройств'] as const;

/** The in-app half: who sees it in «Уведомления». */
function inApp(recipients: number): string {
  if (recipients === 0)
    return 'Получателей не нашлось: в этой группе нет ни одного действующего пользователя.';
  return `В приложении его увидят ${countRu(recipients, USERS)} — в разделе «Уведомления».`;
}

/** Said right after sending: the push is only queued yet. */
export function sendResultText({ recipients, devices }: { recipients: number; devices: number }): string {
  if (recipients === 0) return `Сообщение сохранено. ${inApp(0)}`;
  const push =
    devices === 0
      ? 'Push-уведомлений не будет: ни у кого из получателей они не включены на телефоне или компьютере.'
      : `Push-уведомление отправляется на ${countRu(devices, DEVICES)} — тех, у кого push включены.`;
  return `Сообщение отправлено. ${inApp(recipients)} ${push}`;
}

/** Said in the list of messages sent: where the push got to by now. */
export function deliveryText(message: SentPush): string {
  if (message.recipients === 0) return inApp(0);
  if (message.devices === 0)
    return `${inApp(message.recipients)} Push-уведомлений не было: ни у кого из получателей они не включены на телефоне или компьютере.`;
  const pending = message.devices - message.delivered - message.failed - message.removed;
  const parts = [`доставлено на ${countRu(message.delivered, DEVICES)}`];
  if (message.failed > 0) parts.push(`не доставлено на ${message.failed} (служба push не приняла)`);
  if (message.removed > 0)
    parts.push(
      `${countRu(message.removed, ['подписка устарела', 'подписки устарели', 'подписок устарели'])} и ${message.removed === 1 ? 'удалена' : 'удалены'}`,
    );
  if (pending > 0) parts.push(`ещё ${pending} в очереди`);
  return `${inApp(message.recipients)} Push-уведомление отправлено на ${countRu(message.devices, DEVICES)}: ${parts.join(', ')}.`;
}
