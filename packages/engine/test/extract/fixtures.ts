/**
 * Small hand-written books for the topic-extraction tests, in Quire's Markdown: a few sermons, each about one
 * thing, so that which passage should answer which topic is plain.
 */
import { parseMarkdown } from '../../src/markdown/parse.ts';
import type { BookDocument } from '../../src/model/book-document.ts';

/** Paragraphs about a farm's year: long filler that names no devotional topic. */
export const FARM = [
  'The spring came late to the valley that year, and the farmers waited long for the ground to soften. The ploughs stood in the barns while the snow lay on the upper fields, and the oxen grew restless in their stalls. When the thaw came at last the streams ran brown and loud, and every road was deep in mud.',
  'They sowed the barley first, on the warm slopes facing south, and then the oats in the low meadows by the river. The children walked behind the sowers to frighten the crows, and the dogs ran barking along the hedges. By the end of April the fields were striped with the first pale green of the young corn.',
  'Summer brought long days of heat and a dry wind from the hills. The hay was cut in June and carried to the lofts on tall wagons, and the smell of it hung over the village for a week. The well in the square sank lower every day, and the miller complained that the wheel turned slowly for want of water.',
  'At harvest every hand in the parish was needed. The reapers went out at dawn with their sickles and came home at dusk with their arms aching, and the women bound the sheaves and set them up in stooks to dry. The carts creaked under the weight of the grain, and the barns were full to the rafters before the first frost.',
  'In the autumn the cattle were brought down from the high pastures, and the markets in the town were crowded with buyers from the coast. Prices were good, and the farmers paid their rents without grumbling. The apples were gathered and stored in the lofts, and the cider presses ran all through October.',
  'Winter closed the roads again. The men mended their tools and their harness by the fire, and the women spun wool and told old stories to the children. The sheep were folded near the houses for fear of wolves, and on clear nights the frost was so hard that the timbers of the barns cracked like shots.',
];

const paragraphs = (xs: readonly string[]) => xs.join('\n\n');

/** A sermon about forgiveness: the topic's own words throughout, and a footnote. */
export const FORGIVENESS_SERMON = `# On Forgiveness

Forgiveness is the heart of the gospel. We are taught to pray, forgive us our trespasses, as we forgive them that trespass against us; and there is no petition harder to mean. To forgive is not to forget, nor to pretend that no wrong was done. It is to release the debt, to give up the right to repay injury with injury.[^c1-1]

The servant in the parable was forgiven a great debt, and went out and seized his fellow by the throat for a small one. He had received forgiveness and had not understood it. A heart that has truly been pardoned learns to pardon; a heart that refuses to forgive shows that it has never known what it is to be forgiven.

How often shall we forgive? Not seven times, but seventy times seven: that is, without counting. Forgiveness that keeps a ledger is not forgiveness at all. Let us then forgive freely, as we have been freely forgiven, and seek the pardon of those whom we have wronged.

[^c1-1]: Compare the Lord's Prayer in the sixth chapter of Matthew.`;

/** A long chapter about the farm year with one passing mention of forgiving. */
export const HARVEST_CHAPTER = `# The Harvest

${paragraphs(FARM.slice(0, 3))}

The old miller, who had quarrelled with the smith over a broken axle, said at the feast that he would forgive him if the beer was good; and everyone laughed.

${paragraphs(FARM.slice(3))}

${paragraphs(FARM.slice(0, 2))}`;

/** The Nativity told without the word Christmas. */
export const NATIVITY_CHAPTER = `# The Night at Bethlehem

In those days a decree went out that all the world should be taxed, and Joseph went up with Mary to Bethlehem, the city of David. There was no room for them in the inn, and the child was born in a stable and laid in a manger.

In the fields nearby shepherds were keeping watch over their flocks by night, and the angel of the Lord came upon them and told them of the birth in Bethlehem. They came with haste and found the babe lying in the manger, as the angel had said.

Then came the Magi from the east, following the star, and they brought gold and frankincense and myrrh. The Nativity is the feast of a child born poor, in Bethlehem, among the beasts of the stable, and worshipped by shepherds and kings alike.`;

/** A short chapter about prayer, to stand beside the others. */
export const PRAYER_CHAPTER = `# Of Prayer

Prayer is the breath of the soul. We pray not to inform God of what he knows, but to bring our hearts into his presence. A man who prays in secret is heard in secret; a man who prays only to be seen has his reward already. Let your prayer be short and your faith long, and pray without ceasing, in the field and in the house, in the morning and at night.`;

/** A sermon book: the sermons above, in this order (forgiveness is section 1). */
export const SERMONS_MD = [FORGIVENESS_SERMON, HARVEST_CHAPTER, NATIVITY_CHAPTER, PRAYER_CHAPTER].join('\n\n') + '\n';

/** Parses fixture Markdown as an English book. */
export function book(markdown: string, language = 'en', title = 'Sermons of the Valley'): BookDocument {
  return parseMarkdown(markdown, { title, author: 'A. Vicar', language });
}

/** Paragraphs about love, each naming it two or three times. */
export const LOVE = [
  'Love is patient and kind; love does not envy or boast. It is the greatest of the three that abide, greater than faith and greater than hope, for love never ends.',
  'We love because we were first loved. A man who says that he loves God and hates his brother does not know what love is: the love of God and the love of neighbour are one love.',
  'Love is not a feeling only but a labour. To love is to serve, to bear with, to wait for; the love that a mother gives her child asks nothing back and is never spent.',
];

/**
 * A long chapter where love is treated in three separate stretches with the farm's year between them, and
 * two short chapters about love: the long one must not fill the results.
 */
export const LOVE_BOOK_MD = `# The Seasons of the Heart

${LOVE[0]}

${LOVE[1]}

${paragraphs(FARM)}

${paragraphs(FARM)}

${LOVE[2]}

${LOVE[0]}

${paragraphs(FARM)}

${paragraphs(FARM)}

${LOVE[1]}

${LOVE[2]}

${paragraphs(FARM)}

# A Word on Love

${LOVE[1]}

${LOVE[2]}

# Love in the Home

${LOVE[0]}

${LOVE[2]}
`;
