/**
 * The change history of a catalogue record (GET /api/form-settings/changes): who, when, which
 * field, old → new. One component for every back-office screen that edits the catalogue; each
 * screen passes how its fields are named and which of them are money. Read through the stored
 * copy, so it shows offline with the rest of the screen.
 */
import type { components } from '../api/schema.gen';
import { useCachedQuery } from '../api/use-cached-query';
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
}

function valueText(field: string | null, value: string | null, names: FieldNames): string {
  if (value === null || value === '') return 'нет';
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

export function ChangeHistory(props: { entity: CatalogueEntity; entityId: number; names: FieldNames }) {
  const query = useCachedQuery('/api/form-settings/changes', {
    params: { query: { entity: props.entity, entityId: props.entityId, limit: 50 } },
  });
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
