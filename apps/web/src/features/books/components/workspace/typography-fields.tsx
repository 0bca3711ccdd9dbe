import {
  DIALOGUE_FORMATS,
  EMPHASIS_STYLES,
  FONT_GENERICS,
  type FormattingSettings,
} from '@quire/contracts';
import { useFontDefaults } from '../../api/list-fonts.ts';
import { CHOICE_LABELS, fontChoiceLabel } from '../../lib/advanced-settings.ts';
import { SettingSelect, SettingSlider, SettingSwitch } from './setting-controls.tsx';

/** Change one setting. */
export type SettingChange = <K extends keyof FormattingSettings>(field: K, value: FormattingSettings[K]) => void;

/**
 * Advanced Custom → Typography (workspace spec sections 2, 3 and 5): font family (naming the font actually used:
 * the starting layout's own for its generic), font size 8-20 pt, line height 1-3, paragraph indent 0-1 in,
 * paragraph spacing 0-20 pt, quote indent 0-2 in, justification, drop capital, dialogue format, emphasis style.
 */
export function TypographyFields({
  settings,
  onChange,
  baseFont,
  disabled,
}: {
  settings: FormattingSettings;
  onChange: SettingChange;
  /** The starting layout's generic and the font it is set in, e.g. serif / `Garamond (set in EB Garamond, …)`. */
  baseFont: { generic: FormattingSettings['fontFamily']; fontLabel: string } | null;
  disabled?: boolean;
}) {
  const fonts = useFontDefaults();
  return (
    <div className="flex flex-col gap-6">
      <fieldset disabled={disabled} className="grid gap-x-8 gap-y-6 md:grid-cols-2">
        <legend className="sr-only">Type</legend>
        <div className="md:col-span-2">
          <SettingSelect
            label="Font family"
            value={settings.fontFamily}
            onChange={(v) => onChange('fontFamily', v)}
            hint="Every font is embedded in the PDF and EPUB."
          >
            {FONT_GENERICS.map((g) => (
              <option key={g} value={g}>
                {fontChoiceLabel(g, baseFont, fonts.data)}
              </option>
            ))}
          </SettingSelect>
        </div>
        <SettingSlider field="fontSize" value={settings.fontSize} onChange={(v) => onChange('fontSize', v)} />
        <SettingSlider field="lineHeight" value={settings.lineHeight} onChange={(v) => onChange('lineHeight', v)} />
        <SettingSlider field="paragraphIndent" value={settings.paragraphIndent} onChange={(v) => onChange('paragraphIndent', v)} />
        <SettingSlider field="paragraphSpacing" value={settings.paragraphSpacing} onChange={(v) => onChange('paragraphSpacing', v)} />
        <SettingSlider field="quoteIndent" value={settings.quoteIndent} onChange={(v) => onChange('quoteIndent', v)} />
      </fieldset>
      <fieldset disabled={disabled} className="grid gap-4 md:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-ink">Text</legend>
        <SettingSelect label="Dialogue format" value={settings.dialogueFormat} onChange={(v) => onChange('dialogueFormat', v)}>
          {DIALOGUE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {CHOICE_LABELS.dialogueFormat[f]}
            </option>
          ))}
        </SettingSelect>
        <SettingSelect label="Emphasis style" value={settings.emphasisStyle} onChange={(v) => onChange('emphasisStyle', v)}>
          {EMPHASIS_STYLES.map((f) => (
            <option key={f} value={f}>
              {CHOICE_LABELS.emphasisStyle[f]}
            </option>
          ))}
        </SettingSelect>
        <SettingSwitch
          label="Justify text"
          hint="Even right edges, with hyphenation in the book's language."
          checked={settings.justifyText}
          onChange={(v) => onChange('justifyText', v)}
        />
        <SettingSwitch
          label="Drop capital"
          hint="A large initial letter opens each chapter."
          checked={settings.dropCapital}
          onChange={(v) => onChange('dropCapital', v)}
        />
      </fieldset>
    </div>
  );
}
