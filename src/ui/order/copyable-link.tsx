/**
 * A link shown whole with «Скопировать ссылку» beside it: a payment link a manager sends by hand,
 * an order's tracking link on the success page, the tracking page and the order card. Where the
 * clipboard is refused, it says to copy by hand.
 */
import { useState } from 'react';
import { button } from '../button';
import * as form from '../form.css';
import * as styles from './order-widgets.css';

export function CopyableLink({
  url,
  label,
  newTab = true,
}: {
  url: string;
  /** Shown instead of the address (the address is still what is copied). */
  label?: string;
  newTab?: boolean;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <div className={form.actions}>
      <a
        href={url}
        className={styles.factValue}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {label ?? url}
      </a>
      <button type="button" className={button({ tone: 'secondary' })} onClick={() => void copy()}>
        Скопировать ссылку
      </button>
      <span role="status" className={form.hint}>
        {copied === 'yes'
          ? 'Скопировано'
          : copied === 'no'
            ? 'Не удалось скопировать: выделите ссылку и скопируйте вручную'
            : ''}
      </span>
    </div>
  );
}
