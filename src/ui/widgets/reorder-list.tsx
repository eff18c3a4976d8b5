/**
 * A list people put in order: by dragging an item (pointer) or with its «Выше» / «Ниже» buttons
 * (keyboard and screen readers — the buttons keep the focus on the moved item, and a live region
 * says where it went). The caller owns the order: `onReorder` gets the ids in their new order,
 * and may refuse (offline: `disabled`).
 *
 *   <ReorderList label="Документы" items={docs} itemKey={(d) => d.id} itemName={(d) => d.type}
 *     onReorder={(ids) => save(ids)} renderItem={(d) => <DocumentRow document={d} />} />
 */
import { type ReactNode, useRef, useState } from 'react';
import * as styles from './reorder-list.css';

export interface ReorderListProps<T> {
  /** Names the list for screen readers. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => number;
  /** Said when the item moves: «Паспорт: место 1 из 5». */
  itemName: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onReorder: (ids: number[]) => void;
  disabled?: boolean;
}

/** The ids with the one at `from` moved to `to`. */
export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function ReorderList<T>(props: ReorderListProps<T>) {
  const { items, itemKey, itemName, onReorder, disabled } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const ids = items.map(itemKey);

  const move = (from: number, to: number, focus?: 'up' | 'down') => {
    if (disabled || from === to || to < 0 || to >= ids.length) return;
    const id = ids[from] as number;
    const item = items[from] as T;
    onReorder(moveId(ids, from, to));
    setSaid(`${itemName(item)}: место ${to + 1} из ${ids.length}`);
    // The item re-renders at its new place: keep the focus on its button (or the other one at an end).
    if (focus) {
      requestAnimationFrame(() => {
        const atEnd = (focus === 'up' && to === 0) || (focus === 'down' && to === ids.length - 1);
        const side = atEnd ? (focus === 'up' ? 'down' : 'up') : focus;
        buttons.current.get(`${id}-${side}`)?.focus();
      });
    }
  };

  return (
    <>
      <ol className={styles.list} aria-label={props.label}>
        {items.map((item, index) => {
          const id = itemKey(item);
          const name = itemName(item);
          return (
            <li
              key={id}
              className={styles.item}
              data-reorder-id={id}
              data-dragging={dragged === id}
              data-drop={over === index && dragged !== null && dragged !== id}
              draggable={!disabled}
              onDragStart={(event) => {
                setDragged(id);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(id));
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = dragged === null ? -1 : ids.indexOf(dragged);
                if (from >= 0) move(from, index);
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              <div className={styles.handle}>
                <span aria-hidden="true" className={styles.grip} title="Перетащите, чтобы изменить порядок">
                  ⋮⋮
                </span>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(`${id}-up`, element);
                  }}
                  className={styles.moveButton}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                  aria-label={`Выше: ${name}`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(`${id}-down`, element);
                  }}
                  className={styles.moveButton}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                  aria-label={`Ниже: ${name}`}
                >
                  ↓
                </button>
              </div>
              <div>{props.renderItem(item)}</div>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </>
  );
}
