/**
 * The rules of an order's conversation between its customer and the bureau, and of the staff's
 * own notes, shared by the screens (which check before anything is queued) and the server (which
 * checks again): how long a text may be, how many files a message carries, and when an unread
 * message from the bureau is mailed.
 */

/** Characters of one message or one staff note. */
export const MESSAGE_TEXT_MAX = 4000;

/** Files attached to one message (each checked as any upload: type by content, 100 MB). */
export const MESSAGE_FILES_MAX = 5;

/** A message from the bureau still unread this long after it was sent is mailed to the customer. */
export const MESSAGE_MAIL_DELAY_MINUTES = 15;

/** Who wrote a message: the order's customer, or someone of the bureau's office. */
export type MessageSide = 'CUSTOMER' | 'BUREAU';

export const MESSAGE_EMPTY = 'Напишите сообщение или приложите файл';
export const messageTooLong = (length: number) =>
  `Сообщение длиннее ${MESSAGE_TEXT_MAX} символов (сейчас ${length}): сократите его или разделите на два`;
export const tooManyMessageFiles = (count?: number) =>
  `К одному сообщению можно приложить не больше ${MESSAGE_FILES_MAX} файлов${count ? ` (выбрано ${count})` : ''}`;

/** What is wrong with a message about to be sent, in Russian; null when it may go. */
export function messageProblem(text: string, fileCount: number): string | null {
  const length = text.trim().length;
  if (length === 0 && fileCount === 0) return MESSAGE_EMPTY;
  if (length > MESSAGE_TEXT_MAX) return messageTooLong(length);
  if (fileCount > MESSAGE_FILES_MAX) return tooManyMessageFiles(fileCount);
  return null;
}

export const NOTE_EMPTY = 'Напишите текст заметки';
export const noteTooLong = (length: number) =>
  `Заметка длиннее ${MESSAGE_TEXT_MAX} символов (сейчас ${length}): сократите её`;

/** What is wrong with a staff note, in Russian; null when it may be saved. */
export function noteProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return NOTE_EMPTY;
  if (length > MESSAGE_TEXT_MAX) return noteTooLong(length);
  return null;
}

/** The result note that goes with the finished translation (one line or a short paragraph). */
export const RESULT_NOTE_MAX = 1000;
export const resultNoteTooLong = (length: number) =>
  `Комментарий длиннее ${RESULT_NOTE_MAX} символов (сейчас ${length}): сократите его`;
