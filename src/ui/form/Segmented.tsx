// A row of options, one chosen: toggle buttons, each pressed or not. `wrap`: a list's filters,
// which run onto more lines on a phone; without it the options share the row in equal parts.
import styles from './Segmented.module.css';

export function Segmented<Option extends string | null>({
  label,
  options,
  chosen,
  onChoose,
  labelOf,
  wrap = false,
}: {
  label: string;
  options: readonly Option[];
  chosen: Option;
  onChoose: (option: Option) => void;
  labelOf: (option: Option) => string;
  wrap?: boolean;
}) {
  return (
    <div className={wrap ? `${styles.segmented} ${styles['segmented--wrap']}` : styles.segmented} role="group" aria-label={label}>
      {options.map((option) => (
        <button key={String(option)} type="button" className={styles['segmented__option']} aria-pressed={chosen === option} onClick={() => onChoose(option)}>
          {labelOf(option)}
        </button>
      ))}
    </div>
  );
}
