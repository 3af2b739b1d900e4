/** Pictures for the demo, drawn as SVG and rendered by sharp: landscapes with a house for cottages, badges for icons. */
import { loadSharp } from '../../images/sharp';

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
