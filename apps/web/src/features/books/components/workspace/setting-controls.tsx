import { useId, type ReactNode } from 'react';
import { SETTINGS_BOUNDS } from '@quire/contracts';
import { NativeSelect } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Slider } from '../../../../components/ui/slider.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { formatSetting } from '../../lib/advanced-settings.ts';

/** The numeric settings a slider edits, with the bounds and steps of workspace spec section 5. */
export type SliderSetting = Exclude<keyof typeof SETTINGS_BOUNDS, 'pageWidth' | 'pageHeight'>;

/**
 * A labelled slider for one numeric setting: its bounds and step from the contracts' `SETTINGS_BOUNDS` (spec
 * section 5), the current value with its unit beside the label, and the bounds under the track.
 */
export function SettingSlider({
  field,
  label = SETTINGS_BOUNDS[field].label,
  value,
  onChange,
  disabled,
}: {
  field: SliderSetting;
  label?: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const { min, max, step, unit } = SETTINGS_BOUNDS[field];
  const text = formatSetting(value, unit);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-ink">
          {label}
        </span>
        <output aria-hidden="true" className="rounded-md bg-paper-deep px-2 py-0.5 text-sm text-ink-soft tabular-nums">
          {text}
        </output>
      </div>
      <Slider
        thumbLabel={label}
        valueText={text}
        min={min}
        max={max}
        step={step}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onChange(Number(next.toFixed(3)))}
        disabled={disabled}
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-muted tabular-nums">
        <span>{formatSetting(min, unit)}</span>
        <span>{formatSetting(max, unit)}</span>
      </div>
    </div>
  );
}

/** A labelled select of one enum setting. */
export function SettingSelect<T extends string>({
  label,
  value,
  onChange,
  children,
  hint,
  disabled,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value as T)}>
        {children}
      </NativeSelect>
      {hint && (
        <p id={`${id}-hint`} className="text-[0.8125rem] text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A setting that is on or off: a switch with its label and a line saying what it does. */
export function SettingSwitch({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-line px-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-[0.8125rem] text-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}
