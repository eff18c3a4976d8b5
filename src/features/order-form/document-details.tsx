/**
 * Under a chosen document on step 1: how many copies («−», the number, «+», never wrapping at
 * 360 px), which assurances, and the languages it is translated into: the order's one, and more
 * with «+ язык» (each added one can be changed or removed), the line's price multiplied out. A
 * chunk of its own: a first visit, with nothing chosen, loads none.
 */
import { countRu, formatRubles } from '../../domain/format';
import { languageName } from '../../domain/languages';
import { MAX_COPIES_PER_DOCUMENT } from '../../domain/order-lines';
import { button } from '../../ui/button';
import * as choices from '../../ui/order/order-choices.css';
import * as styles from './order-form.css';
import { choiceLanguages, type DocumentChoice, type FormParams } from './order-model';

/** A chosen line's details and what they need: the catalogue, the order's languages, the change. */
interface LineProps {
  params: FormParams;
  line: DocumentChoice;
  name: string;
  /** The catalogue's price of one copy (0: priced by estimate). */
  price: number;
  originalLanguage: string | undefined;
  targetLanguage: string | undefined;
  onChange: (line: DocumentChoice) => void;
}

export default function DocumentDetails({
  params,
  line,
  name,
  price,
  originalLanguage,
  targetLanguage,
  onChange,
}: LineProps) {
  const copies = (quantity: number) =>
    onChange({ ...line, quantity: Math.min(MAX_COPIES_PER_DOCUMENT, Math.max(1, quantity)) });
  const quantityId = `quantity-${line.documentId}`;
  return (
    <div className={styles.documentDetails}>
      <div className={styles.quantity}>
        <label htmlFor={quantityId}>Экземпляров</label>
        {/* One unit that never wraps: «−», the number and «+» stay on one line at 360 px. */}
        <span className={styles.stepper}>
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.stepperButton}`}
            aria-label={`Меньше экземпляров: ${name}`}
            onClick={() => copies(line.quantity - 1)}
            disabled={line.quantity <= 1}
          >
            −
          </button>
          <input
            id={quantityId}
            className={styles.quantityInput}
            inputMode="numeric"
            value={line.quantity}
            onChange={(event) => {
              const value = Number.parseInt(event.target.value.replace(/\D/g, ''), 10);
              if (Number.isFinite(value)) copies(value);
            }}
          />
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.stepperButton}`}
            aria-label={`Больше экземпляров: ${name}`}
            onClick={() => copies(line.quantity + 1)}
            disabled={line.quantity >= MAX_COPIES_PER_DOCUMENT}
          >
            +
          </button>
        </span>
      </div>
      {params.assurances.length > 0 ? (
        <fieldset className={choices.fieldset}>
          <legend>Заверение: {name}</legend>
          {params.assurances.map((assurance) => (
            <label key={assurance.id} className={choices.option}>
              <input
                type="checkbox"
                className={choices.checkbox}
                checked={line.assuranceIds.includes(assurance.id)}
                onChange={(event) =>
                  onChange({
                    ...line,
                    assuranceIds: event.target.checked
                      ? [...line.assuranceIds, assurance.id]
                      : line.assuranceIds.filter((id) => id !== assurance.id),
                  })
                }
              />
              <span className={choices.optionName}>{assurance.type}</span>
              <span className={choices.price}>{formatRubles(assurance.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <LineLanguages {...{ params, line, name, price, originalLanguage, targetLanguage, onChange }} />
    </div>
  );
}

function LineLanguages({ params, line, name, price, originalLanguage, targetLanguage, onChange }: LineProps) {
  const languages = choiceLanguages(line, targetLanguage);
  const free = (keep?: string) =>
    params.languages.filter(
      (language) =>
        language.code === keep || (language.code !== originalLanguage && !languages.includes(language.code)),
    );
  const setLanguages = (next: string[]) =>
    onChange(next.length > 1 ? { ...line, targetLanguages: next } : withoutOwnLanguages(line));
  const add = () => {
    const next = free()[0];
    if (next) setLanguages([...languages, next.code]);
  };
  const unit =
    price +
    params.assurances
      .filter((assurance) => line.assuranceIds.includes(assurance.id))
      .reduce((sum, assurance) => sum + assurance.price, 0);
  return (
    <fieldset className={`${choices.fieldset} ${styles.lineLanguages}`}>
      <legend>Языки перевода: {name}</legend>
      <ul className={styles.languageList}>
        {languages.map((code, index) =>
          index === 0 ? (
            <li key={code} className={styles.languageItem}>
              <span className={styles.languageFixed}>{languageName(code)}</span>
            </li>
          ) : (
            <li key={code} className={styles.languageItem}>
              <select
                className={styles.languageSelect}
                aria-label={`Ещё язык: ${name}`}
                value={code}
                onChange={(event) =>
                  setLanguages(languages.map((item, at) => (at === index ? event.target.value : item)))
                }
              >
                {free(code).map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={`${button({ tone: 'secondary' })} ${styles.stepperButton}`}
                aria-label={`Убрать язык «${languageName(code)}»: ${name}`}
                onClick={() => setLanguages(languages.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </li>
          ),
        )}
        <li className={styles.languageItem}>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            aria-label={`Добавить язык к документу: ${name}`}
            onClick={add}
            disabled={languages.length === 0 || free().length === 0}
          >
            + язык
          </button>
        </li>
      </ul>
      {languages.length === 0 ? (
        <p className={styles.languageHint}>Сначала выберите язык перевода ниже</p>
      ) : languages.length > 1 && unit > 0 ? (
        <p className={styles.languageHint}>
          {formatRubles(unit)} × {countRu(line.quantity, ['экземпляр', 'экземпляра', 'экземпляров'])} ×{' '}
          {countRu(languages.length, ['язык', 'языка', 'языков'])} ={' '}
          {formatRubles(unit * line.quantity * languages.length)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The line back to the order's one language. */
function withoutOwnLanguages(line: DocumentChoice): DocumentChoice {
  const { targetLanguages: _own, ...rest } = line;
  return rest;
}
