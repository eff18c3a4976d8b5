/**
 * Removing a catalogue record that orders may still name: with nothing referring to it the row
 * goes; otherwise it is kept for those orders (they stay readable, with the names and prices they
 * were made with) and only stops being offered. The answer says which, in words for the screen.
 */
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { type CatalogueActor, type CatalogueEntity, recordChanges } from './changes';

type DeleteResult = components['schemas']['DeleteResult'];

export interface Removal {
  entity: CatalogueEntity;
  id: number;
  actor: CatalogueActor;
  /** «документ «Паспорт»», «пункт выдачи «Тверская»» (lower case: it follows a colon). */
  name: string;
  isActive: boolean;
  /** What still refers to it, e.g. «заказы (3)»; empty when nothing does. */
  references: readonly string[];
  hiddenOutcome: Exclude<DeleteResult['outcome'], 'DELETED'>;
  hide: () => Promise<void>;
  remove: () => Promise<void>;
  /** Said after the main sentence when the record is kept (e.g. its points were closed). */
  alsoHidden?: string;
}

export async function hideOrDelete(tx: Database, removal: Removal): Promise<DeleteResult> {
  const target = { entity: removal.entity, entityId: removal.id, actor: removal.actor };
  if (removal.references.length === 0) {
    await removal.remove();
    await recordChanges(tx, target, [{ action: 'DELETED', oldValue: removal.name }]);
    return { outcome: 'DELETED', message: `Удалено: ${removal.name}.` };
  }
  if (removal.isActive || removal.alsoHidden) {
    await removal.hide();
    await recordChanges(tx, target, [
      { action: removal.hiddenOutcome, field: 'isActive', oldValue: removal.isActive, newValue: false },
    ]);
  }
  const kept = removal.hiddenOutcome === 'HIDDEN' ? 'Скрыто из формы' : 'Отключено';
  const also = removal.alsoHidden ? ` ${removal.alsoHidden}` : '';
  return {
    outcome: removal.hiddenOutcome,
    message: `${kept}: ${removal.name} — на него ссылаются ${removal.references.join(', ')}, поэтому запись оставлена. Заказы сохранены и открываются как прежде.${also}`,
  };
}
