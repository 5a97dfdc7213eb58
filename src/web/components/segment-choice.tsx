import { useId } from 'react';

export interface SegmentChoiceProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
  'aria-label'?: string;
  size?: 'xs' | 'sm';
}

/**
 * A choice of two or three views (Tag/Woche, Karte/Liste) on a first screen:
 * native radio buttons styled like Mantine's SegmentedControl (app.css,
 * .segment-choice). SegmentedControl is 3 KB of JavaScript for what the
 * browser does itself (decision 168).
 */
export function SegmentChoice<T extends string>({ value, onChange, data, size = 'sm', ...rest }: SegmentChoiceProps<T>) {
  const name = useId();
  return (
    <div className="segment-choice" role="radiogroup" aria-label={rest['aria-label']} data-size={size}>
      {data.map((item) => (
        <label key={item.value} className="segment-choice-option" data-active={item.value === value || undefined}>
          <input
            type="radio"
            className="segment-choice-input"
            name={name}
            value={item.value}
            checked={item.value === value}
            onChange={() => onChange(item.value)}
          />
          {item.label}
        </label>
      ))}
    </div>
  );
}
