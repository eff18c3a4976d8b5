/** The bureau's offices the form offers for pickup: the active ones of GET /api/office, in its order. */
import { useMemo } from 'react';
import type { components } from '../../api/schema.gen';
import { useCachedQuery } from '../../api/use-cached-query';

export type Office = components['schemas']['Office'];

export function useActiveOffices() {
  const query = useCachedQuery('/api/office', { kind: 'public' });
  const offices = useMemo(() => query.data?.filter((office) => office.isActive), [query.data]);
  return { offices, query };
}

/** The office on Yandex Maps, the map most of the bureau's customers have on their phones. */
export function mapLink(office: Pick<Office, 'lat' | 'lon'>): string {
  return `https://yandex.ru/maps/?pt=${office.lon},${office.lat}&z=17&l=map`;
}
