/**
 * The partners a PARTNER user can be tied to. GET /api/partner lists them by name; until the
 * server answers it (the partners screen's own issue), the pickup points give the partners' ids
 * and what each runs, so the admin still picks the right one.
 */
import { useCachedQuery } from '../../api/use-cached-query';

export interface PartnerOption {
  value: string;
  label: string;
}

type PointLike = { partnerId: number | null; name: string };

/** «Партнёр № 2 — Пункт «Арбат», Пункт «Тверская» и ещё 3» from the points of each partner. */
export function optionsFromPoints(points: readonly PointLike[]): PartnerOption[] {
  const byPartner = new Map<number, string[]>();
  for (const point of points) {
    if (point.partnerId === null) continue;
    byPartner.set(point.partnerId, [...(byPartner.get(point.partnerId) ?? []), point.name]);
  }
  return [...byPartner.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, names]) => {
      const shown = names.slice(0, 2).join(', ');
      const more = names.length > 2 ? ` и ещё ${names.length - 2}` : '';
      return { value: String(id), label: `Партнёр № ${id} — ${shown}${more}` };
    });
}

export function usePartnerOptions(): { options: PartnerOption[]; loading: boolean } {
  const partners = useCachedQuery('/api/partner');
  const named = partners.data;
  const points = useCachedQuery('/api/point', { enabled: partners.error !== null && !named });
  if (named) {
    return {
      options: named.map((partner) => ({ value: String(partner.id), label: partner.name })),
      loading: false,
    };
  }
  if (points.data) return { options: optionsFromPoints(points.data), loading: false };
  return { options: [], loading: partners.isLoading || points.isLoading };
}
