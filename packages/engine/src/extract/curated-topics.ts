/**
 * Quire's curated expansions for devotional topics, in the five analysed languages: the spec's ten suggested
 * topics (Christmas, Easter, Prayer, Faith, Salvation, Grace, Love, Hope, Redemption, Forgiveness). WordNet is
 * thin or misleading for them: it has no `Nativity`, `manger` or `Magi` under Christmas, and its most frequent
 * sense of `grace` is elegance of movement, not the favour of God.
 *
 * Each entry gives, per language, the topic's own word (`head`, weight 1: a book in French about Noël is about
 * Christmas) and related words with a weight in 0-1: about 0.8-0.9 for a name of the same thing (`Yuletide`,
 * `Nativity`), 0.6-0.7 for a word that almost always means the topic in a devotional text (`manger`, `absolution`),
 * 0.3-0.5 for a word that often does but also means other things (`shepherds`, `mercy`, `trust`). The words are the
 * vocabulary of the feasts and doctrines in the Bible translations and devotional classics of each language
 * (King James and Douay-Rheims; Louis Segond; Luther; Reina-Valera; Diodati). Words are single words: the index
 * holds no phrases. They are stemmed like the book, so one form stands for its inflections.
 */
import type { AnalyzedLanguage } from './analyze.ts';

/** A related word and its weight (0-1). */
export type CuratedWord = readonly [word: string, weight: number];

/** A topic's words in one language: its own word(s), weight 1, then related words. */
export interface CuratedLanguageEntry {
  head: readonly string[];
  related: readonly CuratedWord[];
}

/** One curated topic: its entry per language. */
export type CuratedTopic = Record<AnalyzedLanguage, CuratedLanguageEntry>;

/** The curated topics, keyed by their English name in lower case. */
export const CURATED_TOPICS: Readonly<Record<string, CuratedTopic>> = {
  christmas: {
    en: { head: ['Christmas'], related: [['Christmastide', 0.9], ['Xmas', 0.9], ['Yuletide', 0.8], ['Yule', 0.7], ['Noel', 0.7], ['Nativity', 0.8], ['Bethlehem', 0.6], ['manger', 0.6], ['Magi', 0.6], ['shepherds', 0.3], ['Advent', 0.5], ['carol', 0.5], ['mistletoe', 0.5], ['Incarnation', 0.4]] },
    fr: { head: ['Noël'], related: [['Nativité', 0.8], ['Bethléem', 0.6], ['crèche', 0.6], ['mages', 0.5], ['bergers', 0.4], ['Avent', 0.5], ['réveillon', 0.6], ['Incarnation', 0.4]] },
    de: { head: ['Weihnachten', 'Weihnacht'], related: [['Christfest', 0.9], ['Christnacht', 0.9], ['Heiligabend', 0.8], ['Christkind', 0.8], ['Bethlehem', 0.6], ['Krippe', 0.6], ['Hirten', 0.4], ['Advent', 0.5], ['Menschwerdung', 0.4]] },
    es: { head: ['Navidad'], related: [['Natividad', 0.8], ['Nochebuena', 0.8], ['Belén', 0.6], ['pesebre', 0.6], ['magos', 0.5], ['pastores', 0.4], ['Adviento', 0.5], ['villancico', 0.5], ['Encarnación', 0.4]] },
    it: { head: ['Natale'], related: [['Natività', 0.8], ['Betlemme', 0.6], ['presepe', 0.6], ['mangiatoia', 0.5], ['magi', 0.5], ['pastori', 0.4], ['Avvento', 0.5], ['Incarnazione', 0.4]] },
  },
  easter: {
    en: { head: ['Easter'], related: [['Eastertide', 0.9], ['resurrection', 0.8], ['risen', 0.6], ['paschal', 0.8], ['Passover', 0.5], ['sepulchre', 0.5], ['sepulcher', 0.5], ['crucifixion', 0.5], ['Calvary', 0.5], ['Golgotha', 0.5]] },
    fr: { head: ['Pâques'], related: [['résurrection', 0.8], ['ressuscité', 0.7], ['pascal', 0.8], ['sépulcre', 0.5], ['crucifixion', 0.5], ['Calvaire', 0.5], ['Golgotha', 0.5]] },
    de: { head: ['Ostern', 'Osterfest'], related: [['Auferstehung', 0.8], ['auferstanden', 0.7], ['Passah', 0.5], ['Karfreitag', 0.6], ['Kreuzigung', 0.5], ['Golgatha', 0.5]] },
    es: { head: ['Pascua'], related: [['resurrección', 0.8], ['resucitado', 0.7], ['pascual', 0.8], ['sepulcro', 0.5], ['crucifixión', 0.5], ['Calvario', 0.5], ['Gólgota', 0.5]] },
    it: { head: ['Pasqua'], related: [['risurrezione', 0.8], ['resurrezione', 0.8], ['risorto', 0.7], ['pasquale', 0.8], ['sepolcro', 0.5], ['crocifissione', 0.5], ['Calvario', 0.5], ['Golgota', 0.5]] },
  },
  prayer: {
    en: { head: ['prayer', 'pray'], related: [['supplication', 0.7], ['orison', 0.7], ['intercession', 0.6], ['petition', 0.5], ['invocation', 0.5], ['litany', 0.5], ['devotion', 0.4], ['worship', 0.4], ['kneel', 0.3]] },
    fr: { head: ['prière', 'prier'], related: [['oraison', 0.7], ['supplication', 0.7], ['intercession', 0.6], ['invocation', 0.5], ['litanie', 0.5], ['dévotion', 0.4], ['adoration', 0.4]] },
    de: { head: ['Gebet', 'beten'], related: [['Fürbitte', 0.7], ['Anrufung', 0.5], ['Andacht', 0.5], ['flehen', 0.5], ['Litanei', 0.5], ['Anbetung', 0.4]] },
    es: { head: ['oración', 'orar'], related: [['rezar', 0.9], ['plegaria', 0.9], ['súplica', 0.7], ['intercesión', 0.6], ['invocación', 0.5], ['letanía', 0.5], ['devoción', 0.4]] },
    it: { head: ['preghiera', 'pregare'], related: [['orazione', 0.8], ['supplica', 0.7], ['intercessione', 0.6], ['invocazione', 0.5], ['litania', 0.5], ['devozione', 0.4]] },
  },
  faith: {
    en: { head: ['faith'], related: [['belief', 0.7], ['believe', 0.6], ['creed', 0.5], ['unbelief', 0.5], ['trust', 0.4], ['confidence', 0.3]] },
    fr: { head: ['foi'], related: [['croyance', 0.7], ['croire', 0.6], ['credo', 0.5], ['incrédulité', 0.5], ['fidèle', 0.5], ['confiance', 0.4]] },
    de: { head: ['Glaube', 'Glauben'], related: [['gläubig', 0.8], ['Unglaube', 0.5], ['Bekenntnis', 0.4], ['Vertrauen', 0.4], ['Zuversicht', 0.4]] },
    es: { head: ['fe'], related: [['creencia', 0.7], ['creer', 0.6], ['credo', 0.5], ['incredulidad', 0.5], ['fiel', 0.5], ['confianza', 0.4]] },
    it: { head: ['fede'], related: [['credenza', 0.6], ['credere', 0.6], ['credo', 0.5], ['incredulità', 0.5], ['fedele', 0.5], ['fiducia', 0.4]] },
  },
  salvation: {
    en: { head: ['salvation'], related: [['saviour', 0.7], ['savior', 0.7], ['redemption', 0.6], ['deliverance', 0.6], ['atonement', 0.5], ['redeem', 0.5], ['saved', 0.4], ['justification', 0.4]] },
    fr: { head: ['salut'], related: [['sauveur', 0.7], ['rédemption', 0.6], ['délivrance', 0.6], ['sauver', 0.5], ['rachat', 0.5], ['expiation', 0.4]] },
    de: { head: ['Heil', 'Seligkeit'], related: [['Erlösung', 0.8], ['Erlöser', 0.7], ['Heiland', 0.7], ['Rettung', 0.6], ['retten', 0.5], ['selig', 0.5]] },
    es: { head: ['salvación'], related: [['salvador', 0.7], ['redención', 0.6], ['salvar', 0.5], ['redimir', 0.5], ['liberación', 0.4]] },
    it: { head: ['salvezza'], related: [['salvatore', 0.7], ['redenzione', 0.6], ['salvare', 0.5], ['redimere', 0.5], ['liberazione', 0.4]] },
  },
  grace: {
    en: { head: ['grace'], related: [['gracious', 0.8], ['mercy', 0.6], ['merciful', 0.5], ['favour', 0.5], ['favor', 0.5], ['blessing', 0.5], ['unmerited', 0.5], ['justification', 0.4]] },
    fr: { head: ['grâce'], related: [['miséricorde', 0.6], ['faveur', 0.5], ['bénédiction', 0.5], ['gratuit', 0.3]] },
    de: { head: ['Gnade'], related: [['gnädig', 0.8], ['Barmherzigkeit', 0.6], ['Huld', 0.6], ['Segen', 0.5], ['Gunst', 0.5]] },
    es: { head: ['gracia'], related: [['misericordia', 0.6], ['favor', 0.5], ['bendición', 0.5], ['gratuito', 0.3]] },
    it: { head: ['grazia'], related: [['misericordia', 0.6], ['favore', 0.5], ['benedizione', 0.5], ['gratuito', 0.3]] },
  },
  love: {
    en: { head: ['love'], related: [['charity', 0.7], ['beloved', 0.7], ['agape', 0.7], ['affection', 0.6], ['compassion', 0.5], ['tenderness', 0.5], ['devotion', 0.4]] },
    fr: { head: ['amour', 'aimer'], related: [['charité', 0.7], ['affection', 0.6], ['tendresse', 0.5], ['compassion', 0.5]] },
    de: { head: ['Liebe', 'lieben'], related: [['Nächstenliebe', 0.9], ['Zuneigung', 0.6], ['Zärtlichkeit', 0.5], ['Barmherzigkeit', 0.4]] },
    es: { head: ['amor', 'amar'], related: [['caridad', 0.7], ['amado', 0.7], ['afecto', 0.6], ['ternura', 0.5], ['compasión', 0.5]] },
    it: { head: ['amore', 'amare'], related: [['carità', 0.7], ['amato', 0.7], ['affetto', 0.6], ['tenerezza', 0.5], ['compassione', 0.5]] },
  },
  hope: {
    en: { head: ['hope'], related: [['expectation', 0.5], ['expectancy', 0.5], ['longing', 0.4], ['trust', 0.4], ['confidence', 0.3]] },
    fr: { head: ['espérance', 'espoir', 'espérer'], related: [['attente', 0.4], ['confiance', 0.4]] },
    de: { head: ['Hoffnung', 'hoffen'], related: [['Zuversicht', 0.6], ['Erwartung', 0.4]] },
    es: { head: ['esperanza'], related: [['esperar', 0.5], ['confianza', 0.4], ['expectación', 0.4]] },
    it: { head: ['speranza', 'sperare'], related: [['attesa', 0.4], ['fiducia', 0.4]] },
  },
  redemption: {
    en: { head: ['redemption', 'redeem'], related: [['redeemer', 0.9], ['ransom', 0.7], ['atonement', 0.7], ['propitiation', 0.6], ['expiation', 0.6], ['deliverance', 0.5], ['salvation', 0.5]] },
    fr: { head: ['rédemption', 'racheter'], related: [['rédempteur', 0.9], ['rachat', 0.8], ['rançon', 0.7], ['expiation', 0.6], ['salut', 0.4]] },
    de: { head: ['Erlösung', 'erlösen'], related: [['Erlöser', 0.9], ['Lösegeld', 0.7], ['Versöhnung', 0.6], ['Sühne', 0.6], ['Heil', 0.4]] },
    es: { head: ['redención', 'redimir'], related: [['redentor', 0.9], ['rescate', 0.6], ['expiación', 0.6], ['salvación', 0.4]] },
    it: { head: ['redenzione', 'redimere'], related: [['redentore', 0.9], ['riscatto', 0.7], ['espiazione', 0.6], ['salvezza', 0.4]] },
  },
  forgiveness: {
    en: { head: ['forgiveness', 'forgive'], related: [['pardon', 0.85], ['remission', 0.7], ['absolution', 0.7], ['absolve', 0.7], ['reconciliation', 0.5], ['mercy', 0.5], ['repentance', 0.4]] },
    fr: { head: ['pardon', 'pardonner'], related: [['rémission', 0.7], ['absolution', 0.7], ['absoudre', 0.7], ['réconciliation', 0.5], ['miséricorde', 0.5]] },
    de: { head: ['Vergebung', 'vergeben'], related: [['Verzeihung', 0.9], ['verzeihen', 0.9], ['Sündenvergebung', 0.9], ['Absolution', 0.7], ['Versöhnung', 0.5], ['Gnade', 0.4]] },
    es: { head: ['perdón', 'perdonar'], related: [['remisión', 0.7], ['absolución', 0.7], ['absolver', 0.7], ['reconciliación', 0.5], ['misericordia', 0.5]] },
    it: { head: ['perdono', 'perdonare'], related: [['remissione', 0.7], ['assoluzione', 0.7], ['assolvere', 0.7], ['riconciliazione', 0.5], ['misericordia', 0.5]] },
  },
};
