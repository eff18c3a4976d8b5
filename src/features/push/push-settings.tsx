/**
 * «Уведомления на этом устройстве»: the push switch for the cabinet's notifications screen, and
 * (with `offer`) the invitation after an order is sent, shown only while the browser has not
 * been asked yet. Permission is asked only by the button, never on load.
 */
import { useState } from 'react';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import type { PushEnvironment } from './push-subscription';
import { usePushControl } from './use-push-control';

export const PUSH_TEXT = {
  unsupported:
    'Этот браузер не умеет получать уведомления. Статус заказа виден в личном кабинете и приходит на почту.',
  denied:
    'Уведомления запрещены в настройках браузера. Разрешите их для этого сайта, чтобы сразу узнавать о заказах.',
  offer: 'Включите уведомления — сообщим, когда заказ примут, оплатят и он будет готов.',
  on: 'Уведомления включены на этом устройстве.',
  enable: 'Включить уведомления',
  disable: 'Отключить уведомления',
} as const;

export function PushSettings({ offer = false, env }: { offer?: boolean; env?: PushEnvironment }) {
  const push = usePushControl(env);
  const [firstState] = useState(push.state);
  // The offer is for a browser that was never asked; a decided one is left alone.
  if (offer && firstState !== 'default') return null;
  const on = push.state === 'granted' && push.subscribed;
  return (
    <section className={page.card} aria-labelledby="push-settings-title" aria-busy={push.busy}>
      <h2 id="push-settings-title" className={page.subtitle}>
        {offer ? 'Узнавать о заказе сразу' : 'Уведомления на этом устройстве'}
      </h2>
      <p>
        {push.state === 'unsupported'
          ? PUSH_TEXT.unsupported
          : push.state === 'denied'
            ? PUSH_TEXT.denied
            : on
              ? PUSH_TEXT.on
              : PUSH_TEXT.offer}
      </p>
      {push.error ? (
        <p role="alert" className={page.errorText}>
          {push.error}
        </p>
      ) : null}
      {push.state === 'default' || (push.state === 'granted' && !on) ? (
        <PushButton tone="primary" busy={push.busy} onClick={push.enable} label={PUSH_TEXT.enable} />
      ) : null}
      {on && !offer ? (
        <PushButton tone="secondary" busy={push.busy} onClick={push.disable} label={PUSH_TEXT.disable} />
      ) : null}
    </section>
  );
}

function PushButton(props: {
  tone: 'primary' | 'secondary';
  busy: boolean;
  label: string;
  onClick: () => Promise<void>;
}) {
  return (
    <p>
      <button
        type="button"
        className={button({ tone: props.tone })}
        disabled={props.busy}
        onClick={() => void props.onClick()}
      >
        {props.label}
      </button>
    </p>
  );
}
