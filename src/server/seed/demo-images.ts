/** Pictures for the demo, drawn as SVG and rendered by sharp: landscapes with a house for cottages, badges for icons. */
import { loadSharp } from '../images/sharp';

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(h) % 360}, ${s}%, ${l}%)`;
}

/** A 16:7 landscape (hills, sun, a house, trees) whose colours follow `variant`. */
export async function cottagePicture(variant: number, width = 800): Promise<Buffer> {
  const height = Math.round((width * 7) / 16);
  const hue = (variant * 47) % 360;
  const sky = hsl(200 + (variant % 5) * 6, 70, 70 + (variant % 3) * 5);
  const hill1 = hsl(90 + (variant % 7) * 8, 45, 42);
  const hill2 = hsl(110 + (variant % 4) * 10, 40, 32);
  const wall = hsl(hue, 45, 78);
  const roof = hsl(hue + 180, 55, 38);
  const hx = 120 + ((variant * 97) % (width - 360));
  const hy = height - 190;
  const trees = Array.from({ length: 5 }, (_, i) => {
    const x = (i * 173 + variant * 61) % width;
    const y = height - 70 - ((i * 29 + variant * 13) % 40);
    return `<rect x="${x - 4}" y="${y}" width="8" height="30" fill="#5d4037"/><circle cx="${x}" cy="${y - 12}" r="24" fill="${hsl(120 + i * 9, 45, 30)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff8e1"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#s)"/>
  <circle cx="${width - 120 - (variant % 4) * 60}" cy="80" r="42" fill="#ffd54f"/>
  <path d="M0 ${height - 120} Q ${width * 0.25} ${height - 260} ${width * 0.5} ${height - 140} T ${width} ${height - 170} V ${height} H 0 Z" fill="${hill2}"/>
  <path d="M0 ${height - 60} Q ${width * 0.3} ${height - 150} ${width * 0.6} ${height - 80} T ${width} ${height - 90} V ${height} H 0 Z" fill="${hill1}"/>
  <rect x="${hx}" y="${hy}" width="220" height="120" fill="${wall}" stroke="#4e342e" stroke-width="3"/>
  <polygon points="${hx - 20},${hy} ${hx + 110},${hy - 80} ${hx + 240},${hy}" fill="${roof}"/>
  <rect x="${hx + 90}" y="${hy + 50}" width="40" height="70" fill="#6d4c41"/>
  <rect x="${hx + 25}" y="${hy + 30}" width="40" height="35" fill="#bbdefb" stroke="#fff" stroke-width="3"/>
  <rect x="${hx + 155}" y="${hy + 30}" width="40" height="35" fill="#bbdefb" stroke="#fff" stroke-width="3"/>
  ${trees}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

/** A round badge of one colour with a simple mark, for comforts, cottage types, places and services. */
export async function iconPicture(color: string, variant: number, size = 128): Promise<Buffer> {
  const marks = [
    `<rect x="40" y="40" width="48" height="48" rx="8" fill="#fff"/>`,
    `<polygon points="64,30 98,94 30,94" fill="#fff"/>`,
    `<circle cx="64" cy="64" r="26" fill="#fff"/>`,
    `<path d="M34 80 Q64 30 94 80" stroke="#fff" stroke-width="10" fill="none"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 128 128">
  <circle cx="64" cy="64" r="60" fill="${color}"/>${marks[variant % marks.length]}</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A small deterministic generator (the pictures must be the same on every seed). */
function lcg(seed: number) {
  let a = (seed * 2654435761) >>> 0 || 1;
  return () => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/**
 * One cottage's own photo (issue #35: the duplicate-photo signal must not see the demo's pictures as copies of each
 * other): the layout itself varies with `seed` — horizon, hills, the house's place and size, a lake, trees, the light —
 * so no two are near in perceptual hash. Small (16:7 at `width`), so the demo stays fast to seed.
 */
export async function cottagePhoto(seed: number, width = 320): Promise<Buffer> {
  const r = lcg(seed + 1);
  const height = Math.round((width * 7) / 16);
  const s = width / 320;
  const horizon = height * (0.25 + r() * 0.45);
  const sky = hsl(180 + r() * 60, 40 + r() * 40, 45 + r() * 40);
  const hill = (base: number, l: number) => {
    const points = Array.from({ length: 5 }, (_, i) => `${(i * width) / 4},${base - r() * height * 0.3}`).join(' L ');
    return `<path d="M0 ${height} L ${points} L ${width} ${height} Z" fill="${hsl(60 + r() * 90, 30 + r() * 40, l)}"/>`;
  };
  const hw = (40 + r() * 70) * s;
  const hx = r() * (width - hw);
  const hy = horizon + r() * (height - horizon) * 0.5;
  const wall = hsl(r() * 360, 20 + r() * 50, 35 + r() * 50);
  const lake = r() < 0.5 ? `<ellipse cx="${r() * width}" cy="${height - 10 * s}" rx="${(30 + r() * 60) * s}" ry="${(6 + r() * 10) * s}" fill="${hsl(200, 60, 30 + r() * 30)}"/>` : '';
  const trees = Array.from({ length: 2 + Math.floor(r() * 6) }, () => {
    const x = r() * width;
    const y = horizon + r() * (height - horizon);
    return `<circle cx="${x}" cy="${y}" r="${(6 + r() * 14) * s}" fill="${hsl(90 + r() * 60, 40, 15 + r() * 25)}"/>`;
  }).join('');
  // Clouds and their shadows: large soft patches, placed anew for each picture.
  const clouds = Array.from({ length: 3 }, () => `<ellipse cx="${r() * width}" cy="${r() * height}" rx="${(30 + r() * 80) * s}" ry="${(15 + r() * 40) * s}" fill="${r() < 0.5 ? '#fff' : '#123'}" fill-opacity="${0.25 + r() * 0.35}"/>`).join('');
  // The light falls from a side of its own: the broad shading a perceptual hash mostly sees.
  const [x2, y2] = [r(), r()];
  const light = `<linearGradient id="l" x1="${1 - x2}" y1="${1 - y2}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="#fff" stop-opacity="${0.1 + r() * 0.4}"/><stop offset="1" stop-color="#000" stop-opacity="${0.1 + r() * 0.4}"/></linearGradient>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${light}</defs>
  <rect width="${width}" height="${height}" fill="${sky}"/>
  <circle cx="${r() * width}" cy="${r() * horizon}" r="${(8 + r() * 20) * s}" fill="#fff3b0"/>
  ${hill(horizon + height * 0.1, 25 + r() * 20)}${hill(horizon + height * 0.35, 30 + r() * 30)}${lake}
  <rect x="${hx}" y="${hy}" width="${hw}" height="${hw * 0.55}" fill="${wall}"/>
  <polygon points="${hx - 6 * s},${hy} ${hx + hw / 2},${hy - hw * (0.25 + r() * 0.3)} ${hx + hw + 6 * s},${hy}" fill="${hsl(r() * 360, 50, 20 + r() * 30)}"/>
  ${trees}${clouds}
  <rect width="${width}" height="${height}" fill="url(#l)"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 75 }).toBuffer();
}
