import { useId } from 'react';
import {
  CHAPTER_BREAK_TYPES,
  CHAPTER_NUMBER_STYLES,
  CHAPTER_TITLE_FORMATS,
  PAGE_NUMBER_POSITIONS,
  SETTINGS_BOUNDS,
  type FormattingSettings,
} from '@quire/contracts';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import {
  CHOICE_LABELS,
  PAGE_CHOICE_GROUPS,
  isPrintLayout,
  marginFields,
  pageChoiceOf,
  withPageChoice,
  type PageChoice,
} from '../../lib/advanced-settings.ts';
import { SettingSelect, SettingSlider, SettingSwitch } from './setting-controls.tsx';
import type { SettingChange } from './typography-fields.tsx';

/** Width or height of a custom page, inches, within KDP's custom trim range (contracts `SETTINGS_BOUNDS`). */
function PageDimension({ field, value, onChange }: { field: 'pageWidth' | 'pageHeight'; value: number; onChange: (v: number) => void }) {
  const id = useId();
  const { min, max, step, label } = SETTINGS_BOUNDS[field];
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label} (in)</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => {
          const n = e.target.valueAsNumber;
          if (Number.isFinite(n)) onChange(Math.min(max, Math.max(min, n)));
        }}
      />
    </div>
  );
}

/**
 * Advanced Custom → Layout (workspace spec sections 2, 3 and 5): page size (letter, A4, Kindle, the KDP trims, a
 * custom page), the four margins 0.25-2 in (inside/outside for print layouts, whose margins are mirrored), chapter
 * break type, chapter title format, chapter number style, headers, footers, page numbers and their position.
 */
export function PageLayoutFields({
  settings,
  onChange,
  onSettings,
  disabled,
}: {
  settings: FormattingSettings;
  onChange: SettingChange;
  /** Replace several fields at once (the page choice sets `pageSize` with its trim). */
  onSettings: (settings: FormattingSettings) => void;
  disabled?: boolean;
}) {
  const print = isPrintLayout(settings);
  return (
    <div className="flex flex-col gap-8">
      <fieldset disabled={disabled} className="grid gap-x-8 gap-y-6 md:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-ink">Page</legend>
        <div className="md:col-span-2">
          <SettingSelect<PageChoice>
            label="Page size"
            value={pageChoiceOf(settings)}
            onChange={(choice) => onSettings(withPageChoice(settings, choice))}
            hint={
              settings.pageSize === 'kindle'
                ? 'Kindle pages reflow on the reader’s device; margins and page numbers apply to the PDF only.'
                : print
                  ? 'A printed book: margins mirror on left and right pages, and KDP widens the inside margin as the page count grows.'
                  : 'One-sided pages, as a thesis or paper is printed.'
            }
          >
            {PAGE_CHOICE_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </SettingSelect>
        </div>
        {settings.pageSize === 'custom' && settings.pageWidth !== undefined && settings.pageHeight !== undefined && (
          <>
            <PageDimension field="pageWidth" value={settings.pageWidth} onChange={(v) => onChange('pageWidth', v)} />
            <PageDimension field="pageHeight" value={settings.pageHeight} onChange={(v) => onChange('pageHeight', v)} />
          </>
        )}
        {marginFields(settings).map(({ field, label }) => (
          <SettingSlider key={field} field={field} label={label} value={settings[field]} onChange={(v) => onChange(field, v)} />
        ))}
      </fieldset>

      <fieldset disabled={disabled} className="grid gap-x-8 gap-y-4 md:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-ink">Chapters</legend>
        <SettingSelect label="Chapter break type" value={settings.chapterBreakType} onChange={(v) => onChange('chapterBreakType', v)}>
          {CHAPTER_BREAK_TYPES.map((v) => (
            <option key={v} value={v}>
              {CHOICE_LABELS.chapterBreakType[v]}
            </option>
          ))}
        </SettingSelect>
        <SettingSelect label="Chapter title format" value={settings.chapterTitleFormat} onChange={(v) => onChange('chapterTitleFormat', v)}>
          {CHAPTER_TITLE_FORMATS.map((v) => (
            <option key={v} value={v}>
              {CHOICE_LABELS.chapterTitleFormat[v]}
            </option>
          ))}
        </SettingSelect>
        <SettingSelect label="Chapter number style" value={settings.chapterNumberStyle} onChange={(v) => onChange('chapterNumberStyle', v)}>
          {CHAPTER_NUMBER_STYLES.map((v) => (
            <option key={v} value={v}>
              {CHOICE_LABELS.chapterNumberStyle[v]}
            </option>
          ))}
        </SettingSelect>
      </fieldset>

      <fieldset disabled={disabled} className="grid gap-4 md:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-ink">Headers, footers and page numbers</legend>
        <SettingSwitch
          label="Headers"
          hint={print ? 'Running heads with the author and the title at the top of the page.' : 'A running head at the top of each page.'}
          checked={settings.includeHeaders}
          onChange={(v) => onChange('includeHeaders', v)}
        />
        <SettingSwitch
          label="Footers"
          hint="A running foot at the bottom of each page."
          checked={settings.includeFooters}
          onChange={(v) => onChange('includeFooters', v)}
        />
        <SettingSwitch
          label="Page numbers"
          hint="A page number (folio) on each page of text."
          checked={settings.includePageNumbers}
          onChange={(v) => onChange('includePageNumbers', v)}
        />
        <SettingSelect
          label="Page number position"
          value={settings.pageNumberPosition}
          onChange={(v) => onChange('pageNumberPosition', v)}
          disabled={!settings.includePageNumbers}
        >
          {PAGE_NUMBER_POSITIONS.map((v) => (
            <option key={v} value={v}>
              {CHOICE_LABELS.pageNumberPosition[v]}
            </option>
          ))}
        </SettingSelect>
      </fieldset>
    </div>
  );
}
