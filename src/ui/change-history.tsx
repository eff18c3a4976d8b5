/**
 * The change history of a catalogue record (GET /api/form-settings/changes): who, when, which
 * field, old → new. One component for every back-office screen that edits the catalogue; each
 * screen passes how its fields are named and which of them are money. Read through the stored
 * copy, so it shows offline with the rest of the screen. The screen passes the record it shows as
 * `record`: when a save (or a photo, or another admin's change read meanwhile) changes it, the
 * history is read again, so the save's entry shows at once.
 */
import { useEffect, useRef } from 'react';
import type { components } from '../api/schema.gen';
import { useCachedQuery } from '../api/use-cached-query';
import { stableStringify } from '../db/cache';
import { formatRubles } from '../domain/format';
import { ROLE_LABELS } from '../domain/roles';
import { Section } from './order/order-sections';
import { Timeline, type TimelineEntry } from './order/timeline';

type Change = components['schemas']['CatalogueChange'];
export type CatalogueEntity = components['schemas']['CatalogueEntity'];

const ACTIONS: Record<Change['action'], string> = {
  CREATED: 'Создано',
  UPDATED: 'Изменено',
  DELETED: 'Удалено',
  HIDDEN: 'Скрыто из формы',
  DEACTIVATED: 'Отключено',
  REORDERED: 'Порядок в форме',
  PHOTO_ADDED: 'Добавлена фотография',
  PHOTO_REMOVED: 'Удалена фотография',
};

export interface FieldNames {
  labels: Record<string, string>;
  money?: readonly string[];
  /** Values said in words rather than as stored (a metro line's name, not its colour code). */
  words?: Record<string, (value: string) => string>;
}

function valueText(field: string | null, value: string | null, names: FieldNames): string {
  if (value === null || value === '') return 'нет';
  const words = field ? names.words?.[field] : undefined;
  if (words) return words(value);
  if (value === 'true') return 'да';
  if (value === 'false') return 'нет';
  if (field && names.money?.includes(field) && Number.isFinite(Number(value)))
    return formatRubles(Number(value));
  return value;
}

export function changeEntries(changes: readonly Change[], names: FieldNames): TimelineEntry[] {
  return changes.map((change) => {
    const field = change.field ? (names.labels[change.field] ?? change.field) : null;
    const moved =
      change.field && change.action !== 'CREATED'
        ? `${valueText(change.field, change.oldValue, names)} → ${valueText(change.field, change.newValue, names)}`
        : (change.newValue ?? change.oldValue);
    const who = change.actorEmail
      ? `${change.actorEmail}${change.actorRole ? ` (${ROLE_LABELS[change.actorRole]})` : ''}`
      : 'Система';
    return {
      key: String(change.id),
      createdAt: change.createdAt,
      title: field ? `${ACTIONS[change.action]}: ${field}` : ACTIONS[change.action],
      details: [moved, `Кто: ${who}`],
    };
  });
}

export function ChangeHistory(props: {
  entity: CatalogueEntity;
  entityId: number;
  names: FieldNames;
  /** The record as the screen shows it: its every change reads the history again. */
  record?: unknown;
}) {
  const query = useCachedQuery('/api/form-settings/changes', {
    params: { query: { entity: props.entity, entityId: props.entityId, limit: 50 } },
  });
  const revision = stableStringify(props.record);
  const shown = useRef(revision);
  const { refetch } = query;
  useEffect(() => {
    if (shown.current === revision) return; // the first read is the query's own
    shown.current = revision;
    void refetch();
  }, [revision, refetch]);
  return (
    <Section id={`history-${props.entity}-${props.entityId}`} title="История изменений">
      {query.data ? (
        <Timeline entries={changeEntries(query.data.items, props.names)} />
      ) : (
        <p role="status">
          {query.error ? `Не удалось загрузить историю. ${query.error.message}` : 'Загружаем историю…'}
        </p>
      )}
    </Section>
  );
}
