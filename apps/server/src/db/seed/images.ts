import { loadSharp } from '../../lib/image-memory';
import type { SeedProduct } from './products';

/**
 * Product pictures for the demo, drawn as SVG and rendered to WebP locally, so a fresh
 * install shows a believable shop without fetching anything from the network.
 */

export const IMAGE_SIZE = 600;

const INK = '#1f2937';

const COLOUR_HEX: Record<string, string> = {
  black: '#27272a',
  white: '#f8fafc',
  red: '#dc2626',
  blue: '#2563eb',
  navy: '#1e3a8a',
  green: '#16a34a',
  yellow: '#facc15',
  pink: '#ec4899',
  grey: '#9ca3af',
  brown: '#92400e',
  beige: '#e7d3b0',
  gold: '#d4a017',
  silver: '#c0c7d0',
  orange: '#f97316',
  purple: '#7c3aed',
};

/** Two pastel tones per top category, so each aisle has its own look. */
const CATEGORY_BACKDROP: Record<string, [string, string]> = {
  "Woman's Fashion": ['#fde2e4', '#fbcfe8'],
  "Men's Fashion": ['#dbeafe', '#c7d2fe'],
  Electronics: ['#e0f2fe', '#cbd5e1'],
  'Home & Lifestyle': ['#fef3c7', '#fde68a'],
  Medicine: ['#dcfce7', '#bbf7d0'],
  'Sports & Outdoor': ['#d1fae5', '#a7f3d0'],
  "Baby's & Toys": ['#fff7ed', '#fed7aa'],
  'Groceries & Pets': ['#ecfccb', '#d9f99d'],
  'Health & Beauty': ['#f3e8ff', '#e9d5ff'],
};

const CATEGORY_ICON: Record<string, IconName> = {
  "Woman's Fashion": 'dress',
  "Men's Fashion": 'tshirt',
  Electronics: 'phone',
  'Home & Lifestyle': 'lamp',
  Medicine: 'cross',
  'Sports & Outdoor': 'ball',
  "Baby's & Toys": 'teddy',
  'Groceries & Pets': 'sack',
  'Health & Beauty': 'bottle',
};

type IconName =
  | 'dress'
  | 'tshirt'
  | 'jeans'
  | 'shoe'
  | 'bag'
  | 'gem'
  | 'watch'
  | 'glasses'
  | 'phone'
  | 'usb'
  | 'headphones'
  | 'speaker'
  | 'keyboard'
  | 'mouse'
  | 'pan'
  | 'mug'
  | 'bottle'
  | 'jar'
  | 'lamp'
  | 'cushion'
  | 'frame'
  | 'pill'
  | 'cross'
  | 'heart'
  | 'mat'
  | 'blocks'
  | 'dumbbell'
  | 'bat'
  | 'ball'
  | 'tent'
  | 'teddy'
  | 'car'
  | 'sack'
  | 'paw'
  | 'lipstick'
  | 'tube'
  | 'perfume';

/** First match wins; matched against the product's name and lower category levels. */
const ICON_RULES: [RegExp, IconName][] = [
  [/dress|saree/, 'dress'],
  [/jeans/, 'jeans'],
  [/shirt|kurta|blouse|romper|sleepsuit/, 'tshirt'],
  [/sneaker|shoe|sandal|jutti|heel/, 'shoe'],
  [/tote|handbag|wallet|belt/, 'bag'],
  [/earring|jewel|necklace/, 'gem'],
  [/sunglass/, 'glasses'],
  [/watch|fitness band/, 'watch'],
  [/headphone|earbud/, 'headphones'],
  [/speaker/, 'speaker'],
  [/keyboard/, 'keyboard'],
  [/mouse/, 'mouse'],
  [/pen drive|microsd|memory card/, 'usb'],
  [/charger|cable|phone|power bank/, 'phone'],
  [/\bpan\b|cooker|cookware/, 'pan'],
  [/mug|\btea\b|coffee/, 'mug'],
  [/lamp|light/, 'lamp'],
  [/cushion|pillow|bedsheet/, 'cushion'],
  [/wall art/, 'frame'],
  [/tablet|multivitamin|paracetamol/, 'pill'],
  [/bandage|antiseptic/, 'cross'],
  [/thermometer|bp monitor/, 'heart'],
  [/yoga mat/, 'mat'],
  [/yoga block|puzzle|building block|stacking/, 'blocks'],
  [/dumbbell|resistance/, 'dumbbell'],
  [/\bbat\b/, 'bat'],
  [/ball|badminton/, 'ball'],
  [/tent|trekking|cycling/, 'tent'],
  [/teddy|diaper/, 'teddy'],
  [/\bcar\b/, 'car'],
  [/rice|atta|\bdal\b|makhana/, 'sack'],
  [/\bdog\b|\bcat\b|collar/, 'paw'],
  [/lipstick|kajal/, 'lipstick'],
  [/face wash|sunscreen|moisturiser/, 'tube'],
  [/parfum|perfume/, 'perfume'],
  [/container|balm|protein/, 'jar'],
];

export function iconFor(product: Pick<SeedProduct, 'name' | 'category' | 'option' | 'subOption'>): IconName {
  const text = [product.name, product.option, product.subOption].filter(Boolean).join(' ').toLowerCase();
  for (const [pattern, icon] of ICON_RULES) if (pattern.test(text)) return icon;
  return CATEGORY_ICON[product.category] ?? 'bottle';
}

function hex(colour: string | undefined): string {
  return (colour && COLOUR_HEX[colour]) || '#64748b';
}

/** Each icon is drawn in a 200 × 200 box; `c` is the product colour, `a` an accent. */
function icon(name: IconName, c: string, a: string): string {
  const sw = (w: number) =>
    `stroke="${INK}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;
  const s = sw(5);
  const shine = 'fill="#ffffff" fill-opacity="0.55"';
  switch (name) {
    case 'dress':
      return `<path d="M82 18 h36 l6 34 l-10 14 l40 114 h-108 l40 -114 l-10 -14 z" fill="${c}" ${s}/>
        <path d="M76 66 h48" ${s} fill="none"/><path d="M70 120 q30 14 60 0" stroke="${a}" stroke-width="6" fill="none"/>`;
    case 'tshirt':
      return `<path d="M70 25 l-48 26 l18 36 l24 -11 v104 h72 v-104 l24 11 l18 -36 l-48 -26 q-30 24 -60 0 z" fill="${c}" ${s}/>
        <path d="M88 90 h24" stroke="${a}" stroke-width="8" stroke-linecap="round"/>`;
    case 'jeans':
      return `<path d="M52 20 h96 l12 162 h-44 l-16 -112 l-16 112 h-44 z" fill="${c}" ${s}/>
        <path d="M52 38 h96 M100 38 v30" ${s} fill="none"/><path d="M60 52 q12 10 24 0 M116 52 q12 10 24 0" stroke="${a}" stroke-width="4" fill="none"/>`;
    case 'shoe':
      return `<path d="M18 118 q0 -44 22 -64 h32 q10 32 42 38 l58 14 q22 6 22 28 v14 h-176 z" fill="${c}" ${s}/>
        <rect x="18" y="138" width="176" height="18" rx="6" fill="#ffffff" ${s}/>
        <path d="M78 70 l14 -8 M86 82 l14 -8 M94 94 l14 -8" stroke="${a}" stroke-width="5" stroke-linecap="round"/>`;
    case 'bag':
      return `<path d="M70 72 q0 -48 30 -48 q30 0 30 48" fill="none" ${sw(8)}/>
        <rect x="32" y="70" width="136" height="112" rx="16" fill="${c}" ${s}/>
        <rect x="88" y="96" width="24" height="16" rx="4" fill="${a}" ${s}/>`;
    case 'gem':
      return `<circle cx="100" cy="30" r="12" fill="none" ${s}/>
        <path d="M60 62 h80 l30 36 l-70 82 l-70 -82 z" fill="${c}" ${s}/>
        <path d="M30 98 h140 M80 62 l-10 36 l30 82 l30 -82 l-10 -36" fill="none" ${sw(3)}/>`;
    case 'watch':
      return `<rect x="74" y="12" width="52" height="176" rx="12" fill="${a}" ${s}/>
        <circle cx="100" cy="100" r="54" fill="${c}" ${s}/><circle cx="100" cy="100" r="40" fill="#ffffff" ${s}/>
        <path d="M100 100 v-26 M100 100 l18 10" ${s} fill="none"/>`;
    case 'glasses':
      return `<path d="M22 80 l-14 -20 M178 80 l14 -20" ${s} fill="none"/>
        <path d="M20 78 h70 q4 44 -34 46 q-36 -2 -36 -46 z M110 78 h70 q0 44 -36 46 q-38 -2 -34 -46 z" fill="${c}" ${s}/>
        <path d="M90 84 q10 -10 20 0" ${s} fill="none"/><path d="M34 88 l20 20 M124 88 l20 20" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6"/>`;
    case 'phone':
      return `<rect x="52" y="12" width="96" height="176" rx="18" fill="${c}" ${s}/>
        <rect x="62" y="32" width="76" height="128" rx="6" fill="${a}" ${sw(3)}/>
        <circle cx="100" cy="174" r="6" fill="${INK}"/><path d="M76 60 l30 -14 M76 80 l50 -24" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>`;
    case 'usb':
      return `<rect x="62" y="60" width="76" height="124" rx="14" fill="${c}" ${s}/>
        <rect x="74" y="18" width="52" height="44" fill="#e5e7eb" ${s}/><rect x="84" y="30" width="10" height="10" fill="${INK}"/>
        <rect x="106" y="30" width="10" height="10" fill="${INK}"/><circle cx="100" cy="160" r="8" fill="${a}"/>`;
    case 'headphones':
      return `<path d="M40 124 v-24 a60 60 0 0 1 120 0 v24" fill="none" stroke="${INK}" stroke-width="18" stroke-linecap="round"/>
        <path d="M40 124 v-24 a60 60 0 0 1 120 0 v24" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/>
        <rect x="20" y="108" width="40" height="70" rx="14" fill="${c}" ${s}/><rect x="140" y="108" width="40" height="70" rx="14" fill="${c}" ${s}/>
        <rect x="30" y="122" width="10" height="40" rx="5" fill="${a}"/><rect x="160" y="122" width="10" height="40" rx="5" fill="${a}"/>`;
    case 'speaker':
      return `<rect x="48" y="20" width="104" height="164" rx="22" fill="${c}" ${s}/>
        <circle cx="100" cy="124" r="38" fill="${a}" ${s}/><circle cx="100" cy="124" r="14" fill="${INK}"/>
        <circle cx="100" cy="58" r="14" fill="${a}" ${s}/>`;
    case 'keyboard': {
      const keys: string[] = [];
      for (let row = 0; row < 3; row++)
        for (let col = 0; col < 8; col++)
          keys.push(
            `<rect x="${26 + col * 19}" y="${68 + row * 20}" width="14" height="14" rx="3" fill="${a}"/>`,
          );
      return `<rect x="12" y="56" width="176" height="96" rx="12" fill="${c}" ${s}/>${keys.join('')}
        <rect x="54" y="128" width="92" height="14" rx="3" fill="${a}"/>`;
    }
    case 'mouse':
      return `<path d="M100 40 q0 -24 30 -28" fill="none" ${s}/><rect x="52" y="38" width="96" height="150" rx="48" fill="${c}" ${s}/>
        <path d="M52 92 h96 M100 38 v54" ${s} fill="none"/><rect x="95" y="52" width="10" height="24" rx="5" fill="${a}"/>`;
    case 'pan':
      return `<rect x="128" y="98" width="68" height="18" rx="9" fill="${INK}"/>
        <circle cx="76" cy="108" r="64" fill="${c}" ${s}/><circle cx="76" cy="108" r="48" fill="${a}" fill-opacity="0.35"/>
        <path d="M50 82 q14 -14 34 -12" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6" fill="none"/>`;
    case 'mug':
      return `<path d="M134 76 q46 0 46 36 q0 36 -46 36" fill="none" stroke="${INK}" stroke-width="18"/>
        <path d="M134 76 q46 0 46 36 q0 36 -46 36" fill="none" stroke="${c}" stroke-width="9"/>
        <rect x="38" y="52" width="100" height="130" rx="14" fill="${c}" ${s}/>
        <path d="M70 40 q-8 -12 0 -24 M100 40 q-8 -12 0 -24" stroke="${a}" stroke-width="5" fill="none" stroke-linecap="round"/>
        <rect x="52" y="96" width="72" height="40" rx="6" ${shine}/>`;
    case 'bottle':
      return `<rect x="80" y="10" width="40" height="30" rx="6" fill="${INK}"/><rect x="86" y="38" width="28" height="16" fill="${c}" ${s}/>
        <rect x="56" y="52" width="88" height="136" rx="26" fill="${c}" ${s}/><rect x="56" y="100" width="88" height="46" ${shine}/>
        <rect x="68" y="112" width="64" height="8" rx="4" fill="${a}"/>`;
    case 'jar':
      return `<rect x="46" y="36" width="108" height="30" rx="8" fill="${a}" ${s}/>
        <rect x="38" y="62" width="124" height="124" rx="22" fill="${c}" ${s}/><rect x="38" y="104" width="124" height="44" ${shine}/>
        <rect x="60" y="118" width="80" height="8" rx="4" fill="${INK}" fill-opacity="0.6"/>`;
    case 'lamp':
      return `<path d="M62 22 h76 l32 84 h-140 z" fill="${c}" ${s}/><rect x="94" y="106" width="12" height="58" fill="${INK}"/>
        <ellipse cx="100" cy="172" rx="48" ry="12" fill="${a}" ${s}/>
        <path d="M76 40 l-10 50 M100 40 v50 M124 40 l10 50" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>`;
    case 'cushion':
      return `<path d="M28 38 q72 -24 144 0 q-16 62 0 124 q-72 24 -144 0 q16 -62 0 -124 z" fill="${c}" ${s}/>
        <circle cx="100" cy="100" r="26" fill="none" stroke="${a}" stroke-width="8"/><circle cx="100" cy="100" r="6" fill="${a}"/>`;
    case 'frame':
      return `<rect x="22" y="28" width="156" height="144" fill="#92400e" ${s}/><rect x="38" y="44" width="124" height="112" fill="#fffbeb"/>
        <path d="M38 156 l40 -54 l26 30 l22 -22 l36 46 z" fill="${c}"/><circle cx="130" cy="72" r="14" fill="${a}"/>`;
    case 'pill':
      return `<g transform="rotate(-35 100 100)"><rect x="28" y="74" width="144" height="52" rx="26" fill="${c}" ${s}/>
        <path d="M100 74 h46 a26 26 0 0 1 0 52 h-46 z" fill="#ffffff" ${s}/></g>
        <circle cx="56" cy="160" r="18" fill="${a}" ${s}/><circle cx="150" cy="50" r="14" fill="${a}" ${s}/>`;
    case 'cross':
      return `<path d="M78 52 v-16 q0 -10 10 -10 h24 q10 0 10 10 v16" fill="none" ${sw(8)}/>
        <rect x="24" y="50" width="152" height="128" rx="18" fill="${c}" ${s}/>
        <path d="M88 78 h24 v24 h24 v24 h-24 v24 h-24 v-24 h-24 v-24 h24 z" fill="#ffffff" ${sw(3)}/>`;
    case 'heart':
      return `<path d="M100 176 l-66 -66 a40 40 0 0 1 66 -58 a40 40 0 0 1 66 58 z" fill="${c}" ${s}/>
        <path d="M40 110 h36 l10 -20 l14 40 l12 -28 h48" fill="none" stroke="#ffffff" stroke-width="7" stroke-linejoin="round"/>`;
    case 'mat':
      return `<rect x="40" y="124" width="150" height="40" rx="6" fill="${c}" ${s}/>
        <circle cx="48" cy="118" r="44" fill="${c}" ${s}/><circle cx="48" cy="118" r="28" fill="none" stroke="${a}" stroke-width="6"/>
        <circle cx="48" cy="118" r="12" fill="none" stroke="${a}" stroke-width="6"/>`;
    case 'blocks':
      return `<rect x="28" y="110" width="70" height="70" rx="8" fill="${c}" ${s}/><rect x="102" y="110" width="70" height="70" rx="8" fill="${a}" ${s}/>
        <rect x="64" y="36" width="70" height="70" rx="8" fill="#facc15" ${s}/>
        <circle cx="99" cy="71" r="12" fill="#ffffff" fill-opacity="0.6"/>`;
    case 'dumbbell':
      return `<rect x="40" y="92" width="120" height="16" rx="4" fill="${INK}"/>
        <rect x="16" y="54" width="34" height="92" rx="8" fill="${c}" ${s}/><rect x="150" y="54" width="34" height="92" rx="8" fill="${c}" ${s}/>
        <rect x="50" y="70" width="14" height="60" rx="4" fill="${a}" ${s}/><rect x="136" y="70" width="14" height="60" rx="4" fill="${a}" ${s}/>`;
    case 'bat':
      return `<g transform="rotate(-30 100 100)"><rect x="92" y="4" width="16" height="60" rx="6" fill="${INK}"/>
        <rect x="78" y="60" width="44" height="136" rx="12" fill="${c}" ${s}/><path d="M100 80 v100" stroke="${a}" stroke-width="4"/></g>
        <circle cx="160" cy="160" r="18" fill="#dc2626" ${s}/>`;
    case 'ball':
      return `<circle cx="100" cy="100" r="74" fill="${c}" ${s}/>
        <path d="M46 48 q40 52 0 104 M154 48 q-40 52 0 104" fill="none" stroke="${a}" stroke-width="6" stroke-dasharray="10 6"/>`;
    case 'tent':
      return `<path d="M100 26 L184 172 H16 Z" fill="${c}" ${s}/><path d="M100 82 L134 172 H66 Z" fill="${INK}" fill-opacity="0.75"/>
        <path d="M100 26 v-12" ${s}/><path d="M100 14 l24 8 l-24 8" fill="${a}" ${s}/>`;
    case 'teddy':
      return `<circle cx="58" cy="42" r="22" fill="${c}" ${s}/><circle cx="142" cy="42" r="22" fill="${c}" ${s}/>
        <ellipse cx="100" cy="150" rx="58" ry="44" fill="${c}" ${s}/><circle cx="100" cy="78" r="48" fill="${c}" ${s}/>
        <ellipse cx="100" cy="94" rx="20" ry="14" fill="#fef3c7"/><circle cx="100" cy="88" r="6" fill="${INK}"/>
        <circle cx="82" cy="68" r="5" fill="${INK}"/><circle cx="118" cy="68" r="5" fill="${INK}"/>
        <ellipse cx="100" cy="154" rx="28" ry="22" fill="${a}" fill-opacity="0.6"/>`;
    case 'car':
      return `<path d="M14 140 v-26 q0 -12 12 -14 l28 -4 l26 -32 h56 l28 32 l20 4 q12 2 12 14 v26 z" fill="${c}" ${s}/>
        <path d="M86 74 h46 l20 26 h-74 z" fill="#e0f2fe" ${sw(3)}/>
        <circle cx="56" cy="144" r="20" fill="${INK}"/><circle cx="150" cy="144" r="20" fill="${INK}"/>
        <circle cx="56" cy="144" r="8" fill="${a}"/><circle cx="150" cy="144" r="8" fill="${a}"/>`;
    case 'sack':
      return `<path d="M56 44 q44 -16 88 0 l18 128 q-62 22 -124 0 z" fill="${c}" ${s}/>
        <path d="M62 44 q38 14 76 0" fill="none" stroke="${a}" stroke-width="8"/>
        <rect x="64" y="96" width="72" height="48" rx="6" fill="#ffffff" fill-opacity="0.7" ${sw(3)}/>
        <path d="M78 112 h44 M78 126 h30" stroke="${INK}" stroke-width="4"/>`;
    case 'paw':
      return `<ellipse cx="100" cy="134" rx="48" ry="40" fill="${c}" ${s}/>
        <ellipse cx="44" cy="84" rx="18" ry="24" fill="${c}" ${s}/><ellipse cx="78" cy="50" rx="18" ry="24" fill="${c}" ${s}/>
        <ellipse cx="122" cy="50" rx="18" ry="24" fill="${c}" ${s}/><ellipse cx="156" cy="84" rx="18" ry="24" fill="${c}" ${s}/>`;
    case 'lipstick':
      return `<rect x="66" y="112" width="68" height="76" rx="6" fill="${a}" ${s}/><rect x="74" y="72" width="52" height="44" fill="#d4a017" ${s}/>
        <path d="M80 72 v-42 l40 -20 v62 z" fill="${c}" ${s}/>`;
    case 'tube':
      return `<path d="M56 18 h88 l-10 134 h-68 z" fill="${c}" ${s}/><path d="M56 18 h88" stroke="${INK}" stroke-width="10"/>
        <rect x="74" y="150" width="52" height="36" rx="6" fill="${a}" ${s}/><rect x="70" y="60" width="60" height="50" ${shine}/>`;
    case 'perfume':
      return `<rect x="82" y="18" width="36" height="34" rx="6" fill="${a}" ${s}/><rect x="90" y="50" width="20" height="16" fill="${INK}"/>
        <rect x="40" y="64" width="120" height="120" rx="22" fill="${c}" fill-opacity="0.85" ${s}/>
        <rect x="62" y="104" width="76" height="40" rx="6" ${shine}/>`;
  }
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>'"]/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' })[ch]!,
  );
}

/** Greedy word wrap into at most `maxLines` lines, ending in an ellipsis when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1)}…`;
  return kept;
}

const FONT = "font-family=\"'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif\"";

/** The main picture: the product's icon in its first colour, with brand and name beneath. */
export function productSvg(product: SeedProduct): string {
  const [from, to] = CATEGORY_BACKDROP[product.category] ?? ['#f1f5f9', '#e2e8f0'];
  const main = hex(product.colours[0]);
  const accent = hex(product.colours[1] ?? (product.colours[0] === 'white' ? 'grey' : 'white'));
  const lines = wrapText(product.name, 26, 2);
  const nameY = lines.length === 1 ? 540 : 522;
  const text = lines
    .map((l, i) => `<text x="300" y="${nameY + i * 40}" text-anchor="middle">${escapeXml(l)}</text>`)
    .join('');
  const label = escapeXml(product.subOption ?? product.option ?? product.subCategory);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 600 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <circle cx="300" cy="250" r="190" fill="#ffffff" fill-opacity="0.6"/>
  <rect x="24" y="24" width="${Math.min(552, 24 + label.length * 11)}" height="36" rx="18" fill="#ffffff" fill-opacity="0.85"/>
  <text x="36" y="48" ${FONT} font-size="18" fill="${INK}">${label}</text>
  <g transform="translate(160 110) scale(1.4)">${icon(iconFor(product), main, accent)}</g>
  <text x="300" y="${nameY - 44}" text-anchor="middle" ${FONT} font-size="20" letter-spacing="3" fill="#475569">${escapeXml(product.brand.toUpperCase())}</text>
  <g ${FONT} font-size="32" font-weight="bold" fill="${INK}">${text}</g>
</svg>`;
}

/** A second gallery picture: a close-up in the next colour on a dotted backdrop. */
export function detailSvg(product: SeedProduct): string {
  const [from, to] = CATEGORY_BACKDROP[product.category] ?? ['#f1f5f9', '#e2e8f0'];
  const main = hex(product.colours[1] ?? product.colours[0]);
  const accent = hex(product.colours[0]);
  const caption = escapeXml([product.material, product.colours.join(' / ')].filter(Boolean).join(' · '));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <pattern id="dots" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="15" cy="15" r="3" fill="#ffffff" fill-opacity="0.7"/></pattern>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/><rect width="600" height="600" fill="url(#dots)"/>
  <g transform="translate(300 280) rotate(-8) scale(2) translate(-100 -100)">${icon(iconFor(product), main, accent)}</g>
  <rect x="0" y="530" width="600" height="70" fill="#ffffff" fill-opacity="0.85"/>
  <text x="300" y="574" text-anchor="middle" ${FONT} font-size="24" fill="${INK}">${caption}</text>
</svg>`;
}

// Effort 0 encodes about five times faster than the default; flat drawings stay small anyway (~12 kB).
const WEBP = { quality: 82, effort: 0 } as const;

/** How a drawing becomes a picture: a picture rendered otherwise is rendered again (prerendered.ts). */
export const RENDER_SETTINGS = `webp ${JSON.stringify(WEBP)}`;

export async function renderSvg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}

export interface SeedImage {
  key: string;
  svg: () => string;
}

/** The storage keys of a product's gallery, main picture first. */
export function imageKeys(product: SeedProduct): string[] {
  const main = `products/${product.slug}.webp`;
  return product.gallery ? [main, `products/${product.slug}-detail.webp`] : [main];
}

export function productImages(product: SeedProduct): SeedImage[] {
  const [main, detail] = imageKeys(product);
  const images: SeedImage[] = [{ key: main!, svg: () => productSvg(product) }];
  if (detail) images.push({ key: detail, svg: () => detailSvg(product) });
  return images;
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
