/**
 * Notices (toasts): short messages after an action («Статус изменён», «Не удалось сохранить»),
 * drawn with the app's Toast. A screen calls useNotices().notify(text); NoticeToasts draws
 * them where the app's notices live (inside the shell's ToastRegion, so they stack with the
 * update notices instead of covering them). Information goes by itself after 6 s, paused while
 * the pointer or the focus is on it; an error stays until closed (no one must race a timer to
 * read why something failed). The same message twice shows once.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Toast } from '../toast';
import * as styles from './notices.css';

export type NoticeTone = 'info' | 'success' | 'error';

export interface Notice {
  id: number;
  text: string;
  tone: NoticeTone;
}

export interface NoticesApi {
  notify: (text: string, tone?: NoticeTone) => number;
  dismiss: (id: number) => void;
}

export const NOTICE_HIDE_MS = 6000;
/** More at once is noise; the oldest goes first. */
export const MAX_NOTICES = 3;

const NoticesContext = createContext<NoticesApi | null>(null);
const NoticeListContext = createContext<readonly Notice[]>([]);

export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((shown) => shown.filter((n) => n.id !== id)), []);
  const notify = useCallback((text: string, tone: NoticeTone = 'info') => {
    const id = nextId.current++;
    setNotices((shown) => {
      const others = shown.filter((n) => !(n.text === text && n.tone === tone));
      return [...others, { id, text, tone }].slice(-MAX_NOTICES);
    });
    return id;
  }, []);
  const api = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);
  return (
    <NoticesContext.Provider value={api}>
      <NoticeListContext.Provider value={notices}>{children}</NoticeListContext.Provider>
    </NoticesContext.Provider>
  );
}

export function useNotices(): NoticesApi {
  const api = useContext(NoticesContext);
  if (!api) throw new Error('useNotices needs a NoticesProvider above it');
  return api;
}

/** The current notices as toasts; put it inside the page's ToastRegion. */
export function NoticeToasts() {
  const notices = useContext(NoticeListContext);
  const api = useContext(NoticesContext);
  if (!api) return null;
  return notices.map((notice) => <NoticeToast key={notice.id} notice={notice} onClose={api.dismiss} />);
}

function NoticeToast({ notice, onClose }: { notice: Notice; onClose: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (notice.tone === 'error' || paused) return;
    const timer = setTimeout(() => onClose(notice.id), NOTICE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice, paused, onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the timer; nothing to operate.
    <div
      className={styles.holder}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Toast role={notice.tone === 'error' ? 'alert' : 'status'}>
        <span aria-hidden="true" className={styles.mark[notice.tone]} />
        <span className={styles.text}>{notice.text}</span>
        <button type="button" className={styles.close} onClick={() => onClose(notice.id)}>
          Закрыть<span className="visually-hidden"> уведомление</span>
        </button>
      </Toast>
    </div>
  );
}
