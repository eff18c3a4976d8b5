/**
 * One recipient found by email (GET /api/notifications/recipients): the server suggests up to ten
 * active users once three characters are typed, each with how many devices would get the push.
 */
import { useEffect, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { ROLE_LABELS } from '../../domain/roles';
import { Autocomplete } from '../../ui/widgets/autocomplete';
import { IDS, type PushRecipient } from './push-rules';

const SEARCH_DELAY_MS = 300;

const describe = (user: PushRecipient) =>
  `${user.email}${user.name ? ` — ${user.name}` : ''} (${ROLE_LABELS[user.role]}, устройств: ${user.devices})`;

export interface RecipientSearchProps {
  chosen: PushRecipient | null;
  onChoose: (user: PushRecipient | null) => void;
  error?: string | null;
}

export function RecipientSearch({ chosen, onChoose, error }: RecipientSearchProps) {
  const { api } = useDataLayer();
  const [text, setText] = useState(chosen?.email ?? '');
  const [found, setFound] = useState<PushRecipient[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const email = text.trim();
    if (email.length < 3 || email === chosen?.email) {
      setFound([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api.client
        .GET('/api/notifications/recipients', { params: { query: { email } }, kind: 'crm' })
        .then(({ data }) => {
          if (!current) return;
          setFound(data ?? []);
          setFailure(null);
        })
        .catch((problem: unknown) => {
          if (current) setFailure(problem instanceof Error ? problem.message : 'Не удалось найти получателя');
        });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, text, chosen?.email]);

  return (
    <div>
      <Autocomplete
        id={IDS.recipient}
        label="Получатель"
        hint={chosen ? `Выбран: ${describe(chosen)}` : 'Начните вводить email — от трёх символов'}
        options={found.map((user) => ({ value: String(user.id), label: describe(user) }))}
        filter={false}
        value={text}
        error={error ?? failure}
        notFoundText="Никого не нашли (заблокированные не показываются)"
        onValueChange={(next) => {
          setText(next);
          if (chosen && next.trim() !== chosen.email) onChoose(null);
        }}
        onOptionSelect={(option) => {
          const user = found.find((one) => String(one.id) === option.value) ?? null;
          onChoose(user);
          if (user) setText(user.email);
        }}
      />
    </div>
  );
}
