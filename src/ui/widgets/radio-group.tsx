/**
 * The back office's radio group (docs/back-office-screens.md, widgets). The form primitive
 * RadioGroup (../choice-group) has the semantics already — native radios in a fieldset, so arrows
 * move and Space picks in every browser — and stacks its options. This wrapper adds the `row`
 * layout for short choices in filters and status pickers («Все / Физ. лицо / Организация»), which
 * wraps on a phone.
 */
import { RadioGroup as FormRadioGroup, type RadioGroupProps as FormRadioGroupProps } from '../choice-group';
import * as styles from './radio-group.css';

export type { ChoiceOption } from '../choice-group';

export type RadioGroupProps<T extends string> = FormRadioGroupProps<T> & { layout?: 'column' | 'row' };

export function RadioGroup<T extends string>({ layout = 'column', ...group }: RadioGroupProps<T>) {
  return (
    <div className={styles.layout[layout]} data-layout={layout}>
      <FormRadioGroup {...group} />
    </div>
  );
}
