/**
 * One customer document on the ADMIN's screen: the version in force (what /consent, /privacy or
 * /offer shows, and what new consents point at), every earlier version with its date, author,
 * the consents given to it and its text as it was, and the way to publish a new version.
 */
import { useState } from 'react';
import type { components } from '../../api/schema.gen';
import { formatDate, formatDateTime } from '../../domain/format';
import { LEGAL_DOCUMENT_PATHS, LEGAL_PAGE_TITLES } from '../../domain/legal-pages';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import { Section } from '../../ui/order/order-sections';
import * as page from '../../ui/page.css';
import { WriteOutcomeLine } from '../../ui/write-form';
import { LegalText } from './legal-text';
import { PublishForm } from './publish-form';

export type AdminLegalDocument = components['schemas']['LegalDocumentsAdmin']['documents'][number];
type Version = AdminLegalDocument['versions'][number];

const consentsText = (count: number) => (count === 0 ? 'согласий нет' : `согласий: ${count}`);

export function DocumentVersions({
  document,
  offline,
  onPublished,
}: {
  document: AdminLegalDocument;
  offline: boolean;
  onPublished: () => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [current, ...earlier] = document.versions;
  const id = `legal-${document.kind}`;
  return (
    <Section id={id} title={LEGAL_PAGE_TITLES[document.kind]}>
      {current ? (
        <p>
          Действует редакция № {current.version} от{' '}
          <time dateTime={current.publishedAt}>{formatDate(current.publishedAt)}</time>
          {current.title !== LEGAL_PAGE_TITLES[document.kind] ? ` «${current.title}»` : ''} ·{' '}
          {consentsText(current.consents)} ·{' '}
          <a href={LEGAL_DOCUMENT_PATHS[document.kind]} target="_blank" rel="noopener">
            открыть на сайте
          </a>
        </p>
      ) : (
        <p className={page.muted}>Документ ещё не опубликован.</p>
      )}
      <WriteOutcomeLine outcome={published ? { text: published, error: false } : null} />
      {editing ? (
        <PublishForm
          kind={document.kind}
          current={current}
          offline={offline}
          onCancel={() => setEditing(false)}
          onPublished={async (version) => {
            setEditing(false);
            setPublished(`Опубликована редакция № ${version}: новые согласия будут ссылаться на неё`);
            await onPublished();
          }}
        />
      ) : (
        <div className={form.actions}>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            aria-describedby={`${id}-new-hint`}
            onClick={() => {
              setPublished(null);
              setEditing(true);
            }}
          >
            Новая редакция
          </button>
          <span id={`${id}-new-hint`} className={form.hint}>
            Прежние согласия останутся при своей редакции
          </span>
        </div>
      )}
      {current ? <VersionText version={current} label="Текст действующей редакции" /> : null}
      {earlier.length > 0 ? (
        <>
          <h3 className={page.subtitle}>Прежние редакции</h3>
          <ul className={page.cardList}>
            {earlier.map((version) => (
              <li key={version.version} className={page.compactCard}>
                <strong>Редакция № {version.version}</strong>{' '}
                <span className={page.muted}>
                  от <time dateTime={version.publishedAt}>{formatDateTime(version.publishedAt)}</time>
                  {version.publishedBy ? `, ${version.publishedBy}` : ''} · {consentsText(version.consents)}
                </span>
                <VersionText version={version} label={`Текст редакции № ${version.version}`} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

/** A version's text as written, its {{placeholders}} unfilled: what its consents agreed to. */
function VersionText({ version, label }: { version: Version; label: string }) {
  return (
    <details>
      <summary>{label}</summary>
      <h3 className={page.subtitle}>{version.title}</h3>
      <LegalText text={version.body} headingLevel={4} />
    </details>
  );
}
