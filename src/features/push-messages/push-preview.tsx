/** The message as a phone's notification shows it: the app's icon and name, the title, the text. */
import * as styles from './push-messages.css';

export function PushPreview({ title, body, url }: { title: string; body: string; url: string }) {
  return (
    <section aria-labelledby="push-preview-title" className={styles.previewBox}>
      <h2 id="push-preview-title" className={styles.previewHeading}>
        Так увидит получатель
      </h2>
      <div className={styles.notification}>
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className={styles.icon} />
        <div className={styles.notificationText}>
          <p className={styles.appName}>Бюро переводов · сейчас</p>
          <p className={styles.notificationTitle}>{title.trim() || 'Заголовок'}</p>
          <p className={styles.notificationBody}>{body.trim() || 'Текст сообщения'}</p>
        </div>
      </div>
      <p className={styles.previewNote}>
        {url.trim() ? `Нажатие откроет ${url.trim()}` : 'Нажатие откроет приложение'}
      </p>
    </section>
  );
}
