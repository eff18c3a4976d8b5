/** «Удалить» of a document type, assurance or delivery, after a confirmation. */
import { useDataLayer } from '../../api/data-layer';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { type CatalogueItem, KINDS, type Kind } from './kinds';

export function DeleteItem(props: {
  kind: Kind;
  item: CatalogueItem;
  offline: boolean;
  onDeleted: () => Promise<void>;
}) {
  const { api } = useDataLayer();
  const what = `${KINDS[props.kind].one} «${props.item.type}»`;
  return (
    <ConfirmDelete
      what={what}
      offline={props.offline}
      onDeleted={props.onDeleted}
      remove={async () => {
        const answer = await KINDS[props.kind].calls.remove(api.client, props.item.id);
        return answer.data?.message ?? `Удалено: ${what}`;
      }}
    />
  );
}
