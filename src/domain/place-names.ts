/**
 * A pickup point's or office's name as it reads after its kind in a sentence («в пункте выдачи …»,
 * «Доставка: пункт выдачи …», «Удалено: офис …»). The bureau types the names, often with the kind
 * and quotes of their own («Пункт выдачи «Тверская»», as the demo points are named), so the kind is
 * not said twice and quotes are not nested: «Пункт выдачи «Тверская»» → «Тверская»,
 * «ПВЗ Экспресс» → «Экспресс» in quotes, «Тверская» → «Тверская» in quotes, «Офис на
 * Тверской» in quotes as it is.
 */
export function nameAfterKind(name: string, kind: 'PICKUP_POINT' | 'OFFICE'): string {
  const trimmed = name.trim();
  // A point's kind goes whatever follows it; an office's only before a quoted name («Офис на
  // Тверской» would lose its sense).
  const own =
    kind === 'PICKUP_POINT'
      ? trimmed.replace(/^(?:пункт выдачи|пвз)\s+/i, '')
      : trimmed.replace(/^офис\s+(?=«[^«»]+»$)/i, '');
  return /[«»"„“]/.test(own) ? own : `«${own}»`;
}
