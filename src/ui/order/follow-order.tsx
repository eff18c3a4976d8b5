/**
 * «Следить за заказом» on the success page and the tracking page: the order's tracking link whole,
 * to copy or keep (every mail about the order carries it too), and «Получать статусы в Telegram»
 * when the bureau has a bot.
 */
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { formatDateTime } from '../../domain/format';
import * as page from '../page.css';
import { CopyableLink } from './copyable-link';
import { Section } from './order-sections';
import { TelegramButton } from './telegram-button';

export function FollowOrder({
  trackingUrl,
  telegram,
  expiresAt = null,
  intro,
}: {
  /** The link's path on the site, /track/{token}. */
  trackingUrl: string;
  /** The bureau's bot is on: offer Telegram. */
  telegram: boolean;
  expiresAt?: string | null;
  intro: string;
}) {
  const { api } = useDataLayer();
  const token = trackingUrl.replace(/^\/track\//, '');
  return (
    <Section id="follow-order" title="Следить за заказом">
      <p className={page.muted}>
        {intro}
        {expiresAt ? ` Ссылка действует до ${formatDateTime(expiresAt)}.` : ''}
      </p>
      <CopyableLink url={`${window.location.origin}${trackingUrl}`} newTab={false} />
      {telegram ? (
        <TelegramButton
          request={async () =>
            unwrap(await api.client.POST('/api/track/{token}/telegram', { params: { path: { token } } }))
          }
        />
      ) : null}
    </Section>
  );
}
