import type { ReactNode } from 'react';
import type { CoverStyle, CoverTemplate } from '@quire/contracts';

/**
 * Small drawings that tell the four text templates and the four AI styles apart at a glance on their cards
 * (decorative: the card's name and description say the same in words). Colours are the palettes the server
 * starts each one with (engine `cover/palettes.ts`).
 */

const W = 50;
const H = 80;

function Frame({ children, background }: { children: ReactNode; background: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${W} ${H}`}
      className="h-20 w-[3.125rem] shrink-0 rounded-[2px] shadow-[0_1px_2px_rgb(29_26_22/0.15),0_4px_10px_-4px_rgb(29_26_22/0.35)]"
    >
      <rect width={W} height={H} fill={background} />
      {children}
    </svg>
  );
}

/** Lines of "type": centred bars of the given widths from `y`, `gap` apart. */
function Lines({ y, widths, gap = 4, fill, height = 1.6 }: { y: number; widths: number[]; gap?: number; fill: string; height?: number }) {
  return (
    <>
      {widths.map((w, i) => (
        <rect key={i} x={(W - w) / 2} y={y + i * gap} width={w} height={height} rx={height / 2} fill={fill} />
      ))}
    </>
  );
}

export function TemplateSample({ template }: { template: CoverTemplate }) {
  switch (template) {
    case 'elegant':
      return (
        <Frame background="#f6f0e1">
          <rect x="14" y="22" width="22" height="0.6" fill="#8a6d3b" />
          <Lines y={27} widths={[30, 22]} gap={5} fill="#1d1a16" height={2.2} />
          <rect x="14" y="40" width="22" height="0.6" fill="#8a6d3b" />
          <Lines y={66} widths={[16]} fill="#1d1a16" height={1.2} />
        </Frame>
      );
    case 'bold':
      return (
        <Frame background="#14213d">
          <rect x="6" y="12" width="6" height="2" fill="#d1a545" />
          <rect x="6" y="18" width="38" height="7" fill="#f5f1e6" />
          <rect x="6" y="28" width="28" height="7" fill="#f5f1e6" />
          <rect x="6" y="66" width="20" height="2" fill="#d1a545" />
        </Frame>
      );
    case 'academic':
      return (
        <Frame background="#ede3cc">
          <rect x="0" y="14" width={W} height="22" fill="#7a2e1f" />
          <Lines y={20} widths={[34, 26]} gap={5} fill="#ede3cc" height={2} />
          <Lines y={48} widths={[24, 18]} fill="#2a1f14" height={1.2} />
          <Lines y={68} widths={[18]} fill="#2a1f14" height={1.2} />
        </Frame>
      );
    case 'classic':
      return (
        <Frame background="#5a1620">
          <rect x="4" y="4" width="42" height="72" fill="none" stroke="#d4af5a" strokeWidth="0.8" />
          <rect x="6" y="6" width="38" height="68" fill="none" stroke="#d4af5a" strokeWidth="0.4" />
          <Lines y={24} widths={[28, 20]} gap={5} fill="#f7eedb" height={2.2} />
          <path d="M25 40 l3 3 l-3 3 l-3 -3 z" fill="#d4af5a" />
          <Lines y={62} widths={[16]} fill="#f7eedb" height={1.2} />
        </Frame>
      );
  }
}

export function StyleSample({ style }: { style: CoverStyle }) {
  switch (style) {
    case 'classic':
      return (
        <Frame background="#5a1620">
          <circle cx="25" cy="38" r="15" fill="none" stroke="#d4af5a" strokeWidth="0.8" />
          <circle cx="25" cy="38" r="11" fill="none" stroke="#d4af5a" strokeWidth="0.5" strokeDasharray="0.6 0.9" />
          <path d="M25 30 l2 6 l6 2 l-6 2 l-2 6 l-2 -6 l-6 -2 l6 -2 z" fill="#d4af5a" />
          <Lines y={10} widths={[26]} fill="#f7eedb" height={2} />
          <Lines y={66} widths={[16]} fill="#f7eedb" height={1.2} />
        </Frame>
      );
    case 'modern':
      return (
        <Frame background="#161616">
          <circle cx="33" cy="30" r="11" fill="#c6e14b" />
          <rect x="8" y="34" width="18" height="18" fill="#f4f4f0" />
          <path d="M10 62 L24 44 L38 62 Z" fill="#e07a3f" opacity="0.9" />
          <rect x="6" y="8" width="30" height="3" fill="#f4f4f0" />
        </Frame>
      );
    case 'minimalist':
      return (
        <Frame background="#f6f0e1">
          <circle cx="25" cy="34" r="5" fill="#8a6d3b" />
          <Lines y={56} widths={[24]} fill="#1d1a16" height={1.6} />
          <Lines y={68} widths={[12]} fill="#1d1a16" height={1} />
        </Frame>
      );
    case 'vintage':
      return (
        <Frame background="#ede3cc">
          <circle cx="32" cy="30" r="7" fill="#b5522e" opacity="0.85" />
          <path d="M0 46 Q12 36 24 44 T50 40 V80 H0 Z" fill="#7a2e1f" opacity="0.55" />
          <path d="M0 54 Q14 46 28 54 T50 52 V80 H0 Z" fill="#2a1f14" opacity="0.6" />
          <Lines y={10} widths={[28]} fill="#2a1f14" height={2} />
        </Frame>
      );
  }
}
