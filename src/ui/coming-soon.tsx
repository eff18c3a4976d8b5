/** A screen whose content arrives with a later issue: it says so plainly, inside its area's layout. */
import type { ReactNode } from 'react';
import * as page from './page.css';

export const COMING_SOON_TEXT = 'Раздел появится в следующей версии';

export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {title}
      </h1>
      <p className={page.muted}>{COMING_SOON_TEXT}</p>
      {children}
    </section>
  );
}
