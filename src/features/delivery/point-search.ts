/** Search of pickup points by name, address or metro: every word typed must appear somewhere. */
import type { components } from '../../api/schema.gen';

export type PickupPoint = components['schemas']['PickupPoint'];

const normalize = (text: string) => text.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е');

export function searchPoints(points: readonly PickupPoint[], query: string): PickupPoint[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...points];
  return points.filter((point) => {
    const haystack = normalize(`${point.name} ${point.address} ${point.metro ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}
