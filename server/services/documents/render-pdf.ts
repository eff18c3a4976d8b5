/**
 * Draws an invoice (счёт на оплату) or an act (акт выполненных работ) as an A4 PDF with pdfkit.
 * The font ships in an npm package (DejaVu Sans): pdfkit's built-in Helvetica has no Cyrillic
 * and would print garbage without an error. Font set-up costs 100–200 ms per document, which is
 * why documents are made in a job (./make-document.ts), not on the request path.
 */
import { createRequire } from 'node:module';
import type { DocumentContent } from './document-content';

const require = createRequire(import.meta.url);
export const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
// Fonts are named by their path everywhere, never through registerFont: pdfkit 0.20's table
// restores a cell's font by its resolved source, and only a string source is cached, so a
// registered name or a Buffer made it parse the whole font again for every cell (1–3 s a page).

const MARGIN = 40;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

const amountFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** «2 140,00»; Intl's narrow no-break space becomes a plain no-break space every font has. */
export const formatAmount = (value: number) => amountFormat.format(value).replace(/\u202f/g, '\u00a0');

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
/** «23 ноября 2026 г.» on the Moscow calendar, where the bureau works. */
export const formatDocumentDate = (date: Date) => dateFormat.format(date);

type Doc = PDFKit.PDFDocument;

/** «Соколова Мария Андреевна» → «Соколова М. А.», as names are written beside a signature. */
export function signatureName(fullName: string): string {
  const [surname, ...given] = fullName.trim().split(/\s+/);
  if (!surname || given.length === 0) return fullName.trim();
  return `${surname} ${given.map((name) => `${name.charAt(0).toUpperCase()}.`).join(' ')}`;
}

function partyLine(party: { name: string; inn: string | null; kpp: string | null; address: string | null }) {
  return [
    party.name,
    party.inn ? `ИНН ${party.inn}` : null,
    party.kpp ? `КПП ${party.kpp}` : null,
    party.address,
  ]
    .filter(Boolean)
    .join(', ');
}

function labelled(doc: Doc, label: string, value: string) {
  const y = doc.y;
  doc.font(FONT_BOLD).fontSize(9).text(label, MARGIN, y, { width: 90 });
  doc
    .font(FONT_REGULAR)
    .fontSize(9)
    .text(value, MARGIN + 95, y, { width: CONTENT_WIDTH - 95 });
  doc.moveDown(0.4);
}

/** The bank block at the top of a Russian invoice: where to send the money. */
function bankTable(doc: Doc, content: DocumentContent) {
  const { bureau } = content;
  const small = {};
  doc.font(FONT_REGULAR).fontSize(9);
  doc.table({
    position: { x: MARGIN, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: ['*', 50, 160],
    defaultStyle: { border: 0.5, padding: 4 },
    data: [
      [
        { text: `${bureau.bankName}\nБанк получателя`, ...small },
        { text: 'БИК\nСч. №', ...small },
        { text: `${bureau.bik}\n${bureau.correspondentAccount}`, ...small },
      ],
      [
        {
          text: `ИНН ${bureau.inn}${bureau.kpp ? `    КПП ${bureau.kpp}` : ''}\n${bureau.name}\nПолучатель`,
          ...small,
        },
        { text: 'Сч. №', ...small },
        { text: bureau.account, ...small },
      ],
    ],
  });
  doc.moveDown(1);
}

function linesTable(doc: Doc, content: DocumentContent) {
  doc.font(FONT_REGULAR).fontSize(9);
  const header = [
    '№',
    content.kind === 'ACT' ? 'Наименование работ, услуг' : 'Товары (работы, услуги)',
    'Кол-во',
    'Ед.',
    'Цена',
    'Сумма',
  ];
  doc.table({
    position: { x: MARGIN, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: [24, '*', 46, 34, 72, 78],
    defaultStyle: { border: 0.5, padding: 4 },
    data: [
      header.map((text) => ({
        text,
        type: 'TH' as const,
        font: { src: FONT_BOLD, size: 9 },
        align: 'center' as const,
      })),
      ...content.lines.map((line, index) => [
        { text: String(index + 1), align: { x: 'right' as const } },
        line.title,
        { text: String(line.quantity), align: { x: 'right' as const } },
        line.unit,
        { text: formatAmount(line.price), align: { x: 'right' as const } },
        { text: formatAmount(line.sum), align: { x: 'right' as const } },
      ]),
    ],
  });
}

function totals(doc: Doc, content: DocumentContent) {
  doc.moveDown(0.6);
  const rows: [string, string][] = [
    ['Итого:', formatAmount(content.total)],
    [content.bureau.vatNote.startsWith('Без НДС') ? 'Без налога (НДС):' : 'В том числе НДС:', '—'],
    [content.kind === 'INVOICE' ? 'Всего к оплате:' : 'Всего:', formatAmount(content.total)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font(FONT_BOLD)
      .fontSize(10)
      .text(label, MARGIN, y, { width: CONTENT_WIDTH - 90, align: 'right' });
    doc.text(value, MARGIN + CONTENT_WIDTH - 85, y, { width: 85, align: 'right' });
  }
  doc.moveDown(0.8);
  const count = content.lines.length;
  const intro = content.kind === 'INVOICE' ? 'Всего наименований' : 'Всего оказано услуг';
  doc
    .font(FONT_REGULAR)
    .fontSize(10)
    .text(`${intro} ${count}, на сумму ${formatAmount(content.total)} руб.`, MARGIN, doc.y, {
      width: CONTENT_WIDTH,
    });
  doc.font(FONT_BOLD).text(content.totalInWords, { width: CONTENT_WIDTH });
  doc.font(FONT_REGULAR).fontSize(9).text(content.bureau.vatNote, { width: CONTENT_WIDTH });
  doc.moveDown(1);
}

function signatureLine(doc: Doc, x: number, y: number, role: string, name: string | null, width: number) {
  doc.font(FONT_BOLD).fontSize(9).text(role, x, y, { width });
  const lineY = doc.y + 18;
  doc
    .moveTo(x, lineY)
    .lineTo(x + width * 0.45, lineY)
    .lineWidth(0.5)
    .stroke();
  doc
    .font(FONT_REGULAR)
    .fontSize(9)
    .text(name ? `/ ${signatureName(name)} /` : '/ ____________________ /', x + width * 0.48, lineY - 10, {
      width: width * 0.52,
    });
}

/**
 * What invoices and acts share below their title: a rule, the two parties and the order, the
 * table, the totals and a closing paragraph.
 */
function documentMiddle(doc: Doc, content: DocumentContent, roles: [string, string], closing: string) {
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y + 4)
    .lineWidth(1.5)
    .stroke();
  doc.moveDown(1);
  labelled(doc, roles[0], partyLine(content.bureau));
  labelled(doc, roles[1], partyLine(content.customer));
  labelled(doc, 'Основание:', `Заказ № ${content.orderNumber}`);
  doc.moveDown(0.5);
  linesTable(doc, content);
  totals(doc, content);
  doc.font(FONT_REGULAR).fontSize(9).text(closing, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(2);
}

function title(doc: Doc, text: string) {
  doc.font(FONT_BOLD).fontSize(14).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
}

function invoiceBody(doc: Doc, content: DocumentContent) {
  bankTable(doc, content);
  title(doc, `Счёт на оплату № ${content.number} от ${formatDocumentDate(content.issuedAt)}`);
  documentMiddle(
    doc,
    content,
    ['Поставщик:', 'Покупатель:'],
    `Оплата этого счёта означает согласие с условиями оказания услуг. В назначении платежа укажите «Оплата по счёту № ${content.number}».`,
  );
  const y = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  signatureLine(doc, MARGIN, y, content.bureau.directorPosition, content.bureau.directorName, half);
  signatureLine(doc, MARGIN + half + 20, y, 'Бухгалтер', content.bureau.accountantName, half);
}

function actBody(doc: Doc, content: DocumentContent) {
  title(doc, `Акт № ${content.number} от ${formatDocumentDate(content.issuedAt)}`);
  doc.font(FONT_REGULAR).fontSize(10).text('выполненных работ (оказанных услуг)', { width: CONTENT_WIDTH });
  documentMiddle(
    doc,
    content,
    ['Исполнитель:', 'Заказчик:'],
    'Вышеперечисленные работы (услуги) выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.',
  );
  const y = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  doc.font(FONT_BOLD).fontSize(10).text('ИСПОЛНИТЕЛЬ', MARGIN, y, { width: half });
  doc.text('ЗАКАЗЧИК', MARGIN + half + 20, y, { width: half });
  const signY = doc.y + 6;
  signatureLine(doc, MARGIN, signY, content.bureau.directorPosition, content.bureau.directorName, half);
  signatureLine(
    doc,
    MARGIN + half + 20,
    signY,
    content.customer.signerPosition ?? 'Представитель заказчика',
    content.customer.signerName,
    half,
  );
  doc.moveDown(1);
  doc
    .font(FONT_REGULAR)
    .fontSize(8)
    .text('М. П.', MARGIN, doc.y + 8, { width: half });
}

/** The PDF's bytes. */
export async function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const title =
    content.kind === 'INVOICE'
      ? `Счёт на оплату № ${content.number}`
      : `Акт выполненных работ № ${content.number}`;
  // pdfkit (and its font engine, 0.3 s to load) comes with the first document, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'ru-RU',
    info: { Title: title, Author: content.bureau.name, Subject: `Заказ № ${content.orderNumber}` },
    displayTitle: true,
  });
  doc.font(FONT_REGULAR);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (content.kind === 'INVOICE') invoiceBody(doc, content);
  else actBody(doc, content);
  doc.end();
  return finished;
}
