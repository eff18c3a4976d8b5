/**
 * The documents a customer reads and agrees to (152-FZ): the words the order form and the server
 * share. The texts themselves are versions kept by the server;
 * the operator's details are {{placeholders}} filled when a version is shown (fillLegalText).
 * Kinds, addresses and titles: ./legal-pages.ts.
 */

/** The message beside the consent checkbox, on the form and in the server's 400. */
export const CONSENT_REQUIRED = 'Чтобы отправить заказ, дайте согласие на обработку персональных данных';
export const SIGN_IN_CONSENT_REQUIRED =
  'Чтобы войти в личный кабинет, дайте согласие на обработку персональных данных';

/** Who processes the data: filled into every document. */
export interface LegalOperator {
  name: string;
  inn: string;
  address: string;
  /** Where a person sends requests about their data: an email address (or a phone). */
  contact: string;
}

export interface LegalTextValues extends LegalOperator {
  scanRetentionDays: number;
}

const PLACEHOLDERS: Record<string, (values: LegalTextValues) => string> = {
  operatorName: (values) => values.name,
  operatorInn: (values) => values.inn,
  operatorAddress: (values) => values.address,
  operatorContact: (values) => values.contact,
  scanRetentionDays: (values) => String(values.scanRetentionDays),
};

/** The placeholders a document's text may hold, as an ADMIN writes them. */
export const LEGAL_PLACEHOLDERS = Object.keys(PLACEHOLDERS).map((name) => `{{${name}}}`);

/** The {{placeholders}} of a text that fill nothing (a typo), each once, as written. */
export function unknownPlaceholders(text: string): string[] {
  const found = [...text.matchAll(/\{\{(\w*)\}\}/g)]
    .filter((match) => !Object.hasOwn(PLACEHOLDERS, match[1] ?? ''))
    .map((match) => match[0]);
  return [...new Set(found)];
}

/** The text with its {{placeholders}} filled; an unknown one is left as written, to be seen and fixed. */
export function fillLegalText(text: string, values: LegalTextValues): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => PLACEHOLDERS[name]?.(values) ?? whole);
}

export type LegalBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

/** A document's text as blocks: «## » headings, «- » list items, paragraphs between blank lines. */
export function legalBlocks(text: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let list: string[] | null = null;
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        list = null;
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else if (line.startsWith('- ')) {
        flush();
        if (!list) {
          list = [];
          blocks.push({ kind: 'list', items: list });
        }
        list.push(line.slice(2).trim());
      } else {
        list = null;
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}
