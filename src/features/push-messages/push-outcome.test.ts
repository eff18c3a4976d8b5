import { describe, expect, it } from 'vitest';
import { deliveryText, sendResultText } from './push-outcome';
import type { SentPush } from './push-rules';

const sent = (counts: Partial<SentPush>): SentPush => ({
  id: 7,
  title: 'Новогодний график',
  body: '31 декабря офисы работают до 15:00.',
  url: null,
  audience: 'ALL',
  role: null,
  recipientEmail: null,
  sentByEmail: 'admin@perevod.local',
  createdAt: '2026-12-25T09:00:00.000Z',
  recipients: 3,
  devices: 0,
  delivered: 0,
  failed: 0,
  removed: 0,
  ...counts,
});

describe('what became of a staff message, in words', () => {
  it('explains «3 recipients, 0 devices»: seen in the app, no push because nobody turned it on', () => {
    expect(deliveryText(sent({}))).toBe(
      'В приложении его увидят 3 пользователя — в разделе «Уведомления». Push-уведомлений не было: ни у кого из получателей они не включены на телефоне или компьютере.',
    );
  });

  it('tells where the push got to: delivered, failed, expired subscriptions, still queued', () => {
    expect(deliveryText(sent({ recipients: 12, devices: 9, delivered: 5, failed: 1, removed: 1 }))).toBe(
      'В приложении его увидят 12 пользователей — в разделе «Уведомления». Push-уведомление отправлено на 9 устройств: доставлено на 5 устройств, не доставлено на 1 (служба push не приняла), 1 подписка устарела и удалена, ещё 2 в очереди.',
    );
    expect(deliveryText(sent({ recipients: 1, devices: 1, delivered: 1 }))).toBe(
      'В приложении его увидят 1 пользователь — в разделе «Уведомления». Push-уведомление отправлено на 1 устройство: доставлено на 1 устройство.',
    );
  });

  it('says right after sending who will see it and whether a push goes out', () => {
    expect(sendResultText({ recipients: 3, devices: 0 })).toBe(
      'Сообщение отправлено. В приложении его увидят 3 пользователя — в разделе «Уведомления». Push-уведомлений не будет: ни у кого из получателей они не включены на телефоне или компьютере.',
    );
    expect(sendResultText({ recipients: 40, devices: 2 })).toBe(
      'Сообщение отправлено. В приложении его увидят 40 пользователей — в разделе «Уведомления». Push-уведомление отправляется на 2 устройства — тех, у кого push включены.',
    );
    expect(sendResultText({ recipients: 0, devices: 0 })).toMatch(
      /^Сообщение сохранено\. Получателей не нашлось/,
    );
  });
});
