/** Moscow metro lines and their colours, for a pickup point's nearest station (its metroColor). */
export const METRO_LINES: readonly { hex: string; label: string }[] = [
  { hex: '#da2128', label: '1 Сокольническая' },
  { hex: '#48b85e', label: '2 Замоскворецкая' },
  { hex: '#0072ba', label: '3 Арбатско-Покровская' },
  { hex: '#1ebcef', label: '4 Филёвская' },
  { hex: '#8d5b2d', label: '5 Кольцевая' },
  { hex: '#f07e24', label: '6 Калужско-Рижская' },
  { hex: '#943e90', label: '7 Таганско-Краснопресненская' },
  { hex: '#ffcd1c', label: '8 Калининская и Солнцевская' },
  { hex: '#adacac', label: '9 Серпуховско-Тимирязевская' },
  { hex: '#bed12c', label: '10 Люблинско-Дмитровская' },
  { hex: '#88cdcf', label: '11 Большая кольцевая' },
  { hex: '#bac8e8', label: '12 Бутовская' },
  { hex: '#f9bcd1', label: '14 МЦК' },
  { hex: '#de64a1', label: '15 Некрасовская' },
  { hex: '#03795f', label: '16 Троицкая' },
];

/** The line of a colour as the metro map names it («1 Сокольническая»), or null for another colour. */
export function metroLineName(colour: string | null | undefined): string | null {
  if (!colour) return null;
  const hex = colour.toLowerCase();
  return METRO_LINES.find((line) => line.hex === hex)?.label ?? null;
}
