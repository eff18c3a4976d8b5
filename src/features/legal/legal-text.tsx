/**
 * A customer document's text as the public pages show it: «## » headings, «- » lists and
 * paragraphs (legalBlocks). The ADMIN's screen shows past versions the same way.
 */
import { legalBlocks } from '../../domain/legal-documents';
import * as page from '../../ui/page.css';
import * as styles from './legal-document-page.css';

/** `headingLevel`: the level of the text's «## » headings under the page's own ones. */
export function LegalText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      {legalBlocks(text).map((block, index) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never move
          <Heading key={index} className={page.subtitle}>
            {block.text}
          </Heading>
        ) : block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ul key={index} className={styles.list}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <p key={index} className={styles.paragraph}>
            {block.text}
          </p>
        ),
      )}
    </>
  );
}
