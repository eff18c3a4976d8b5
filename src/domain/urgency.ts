/**
 * How urgency is named wherever a price is itemised (the form's summary, the cabinet, the card,
 * the quote's mail, 54-FZ receipts): «Срочное выполнение +50 %». A module of its own so the
 * order form's first download takes this line without the whole breakdown.
 */
export const urgencyLabel = (percent: number) =>
  percent > 0 ? `Срочное выполнение +${String(percent).replace('.', ',')} %` : 'Срочное выполнение';
