/**
 * English names of languages, as Project Gutenberg headers write them (`Language: German`), mapped to
 * BCP 47 tags (IETF RFC 5646; the ISO 639-1 two-letter subtag where one exists).
 */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = {
  afrikaans: 'af', arabic: 'ar', bulgarian: 'bg', catalan: 'ca', chinese: 'zh', czech: 'cs', danish: 'da',
  dutch: 'nl', english: 'en', esperanto: 'eo', estonian: 'et', finnish: 'fi', french: 'fr', galician: 'gl',
  german: 'de', greek: 'el', hebrew: 'he', hungarian: 'hu', icelandic: 'is', irish: 'ga', italian: 'it',
  japanese: 'ja', korean: 'ko', latin: 'la', latvian: 'lv', lithuanian: 'lt', norwegian: 'no', polish: 'pl',
  portuguese: 'pt', romanian: 'ro', russian: 'ru', serbian: 'sr', slovak: 'sk', slovenian: 'sl',
  spanish: 'es', swedish: 'sv', tagalog: 'tl', turkish: 'tr', ukrainian: 'uk', welsh: 'cy', yiddish: 'yi',
  'middle english': 'enm', 'old english': 'ang',
};

/**
 * Maps a language name or code to a BCP 47 tag: `English` -> `en`, `German` -> `de`, `de-AT` -> `de-AT`.
 * Several languages (`English, French`) give the first. Returns undefined for names it does not know.
 */
export function languageTag(name: string): string | undefined {
  const first = name.split(/[,;/]| and /)[0]?.trim() ?? '';
  if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i.test(first)) {
    const [primary, ...rest] = first.split('-');
    return [primary!.toLowerCase(), ...rest].join('-');
  }
  return LANGUAGE_TAGS[first.toLowerCase()];
}
