import { getLayout, writeTypst } from './src/index.ts';
import { balanceGrid, lowestBaselines } from './src/write/typst/balance.ts';
import { typesetTypst } from './src/write/typst/compile.ts';
import { loadProofBook } from './test/proof/proof-books.ts';
const layout = getLayout(process.argv[3] ?? 'classic-literature');
const doc = await loadProofBook((process.argv[2] ?? 'pride') as never);
const grid = balanceGrid(layout);
for (const bal of [false, true]) {
  const { pdf } = typesetTypst(writeTypst(doc, layout, { balanceSpreads: bal }), doc.assets);
  const d = lowestBaselines(pdf, grid);
  const counts = new Map<string, number>();
  for (const x of d) if (x.lastBaselinePt !== undefined) counts.set(x.lastBaselinePt.toFixed(1), (counts.get(x.lastBaselinePt.toFixed(1)) ?? 0) + 1);
  const full = Number([...counts].sort((a, b) => b[1] - a[1])[0]![0]);
  const out: string[] = [];
  let uneven = 0, spreads = 0;
  for (let v = 2; v + 1 <= d.length; v += 2) {
    const [l, r] = [d[v - 1]!, d[v]!];
    if (l.lastBaselinePt === undefined || r.lastBaselinePt === undefined) continue;
    spreads++;
    if (Math.abs(l.lastBaselinePt - r.lastBaselinePt) < 0.5) continue;
    uneven++;
    const lines = (x: number) => ((full - x) / grid.pitchPt).toFixed(1);
    out.push(`${v}-${v + 1}: short by ${lines(l.lastBaselinePt)} / ${lines(r.lastBaselinePt)}${l.hasNotes || r.hasNotes ? ' notes' : ''}`);
  }
  console.log(`balance=${bal}: ${uneven} uneven of ${spreads}`);
  if (bal) console.log(out.join('\n'));
}
