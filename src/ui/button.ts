/**
 * The class of a button (or a link that looks like one): button({ tone: 'secondary' }).
 * Plain class lookups instead of a recipe runtime, which the first visit's budget cannot carry.
 */
import { buttonBase, buttonTone } from './button.css';

export function button({ tone = 'primary' }: { tone?: keyof typeof buttonTone } = {}): string {
  return `${buttonBase} ${buttonTone[tone]}`;
}
