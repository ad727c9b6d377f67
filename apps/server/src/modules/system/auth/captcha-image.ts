import { randomInt } from 'node:crypto';
import { blankImage, encodePng, type Rgb, type RgbImage, setPixel } from './png';

/** RuoYi's captcha size (KaptchaConfig: 160 x 60). */
export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;

/** 5 x 7 glyphs of the characters a math captcha shows, one string a row, '#' on. */
const FONT: Record<string, readonly string[]> = {
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  '+': ['.....', '..#..', '..#..', '#####', '..#..', '..#..', '.....'],
  '-': ['.....', '.....', '.....', '#####', '.....', '.....', '.....'],
  '×': ['.....', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '.....'],
  '=': ['.....', '.....', '#####', '.....', '#####', '.....', '.....'],
  '?': ['.###.', '#...#', '....#', '...#.', '..#..', '.....', '..#..'],
};
const GLYPH_COLS = 5;
const GLYPH_ROWS = 7;

/** A uniform number in [min, max), from the system's secure source: the picture must not be predictable. */
const between = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const shade = (min: number, max: number): Rgb => [randomInt(min, max), randomInt(min, max), randomInt(min, max)];

/** A sum, difference or product of two digits, as RuoYi's math captcha asks; the answer is never negative. */
export function mathChallenge(): { expression: string; answer: string } {
  let a = randomInt(1, 10);
  let b = randomInt(1, 10);
  const op = (['+', '-', '×'] as const)[randomInt(0, 3)] ?? '+';
  if (op === '-' && a < b) [a, b] = [b, a];
  const answer = op === '+' ? a + b : op === '-' ? a - b : a * b;
  return { expression: `${a}${op}${b}=?`, answer: String(answer) };
}

/**
 * Draws one glyph centred on (cx, cy): each pixel around the centre is mapped back through the
 * rotation and the slant into the 5 x 7 cell grid, so the strokes turn and lean as a whole.
 */
function drawGlyph(image: RgbImage, rows: readonly string[], cx: number, cy: number, scale: number, angle: number, slant: number, color: Rgb) {
  const reach = Math.ceil(scale * GLYPH_ROWS);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let y = Math.floor(cy - reach); y <= cy + reach; y++) {
    for (let x = Math.floor(cx - reach); x <= cx + reach; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const v = -dx * sin + dy * cos;
      const u = dx * cos + dy * sin - slant * v;
      const col = Math.floor(u / scale + GLYPH_COLS / 2);
      const row = Math.floor(v / scale + GLYPH_ROWS / 2);
      if (rows[row]?.[col] === '#') setPixel(image, x, y, color);
    }
  }
}

/** A line from edge to edge along a gentle wave, 1 or 2 pixels thick (or as thick as asked). */
function drawNoiseLine(image: RgbImage, color: Rgb, thick = randomInt(1, 3)) {
  const x0 = between(-10, image.width * 0.3);
  const x1 = between(image.width * 0.7, image.width + 10);
  const y0 = between(0, image.height);
  const y1 = between(0, image.height);
  const amplitude = between(2, 8);
  const phase = between(0, Math.PI * 2);
  const steps = Math.ceil((x1 - x0) * 2);
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t + amplitude * Math.sin(phase + t * Math.PI * 2);
    for (let k = 0; k < thick; k++) setPixel(image, x, y + k, color);
  }
}

/**
 * The expression as a PNG: every character scaled, turned, slanted and moved a little on its own,
 * in its own dark colour on a light ground, under and over noise lines and dots.
 */
export function renderCaptcha(expression: string): Buffer {
  const image = blankImage(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, shade(225, 256));
  for (let i = 0; i < 3; i++) drawNoiseLine(image, shade(120, 200));
  const chars = [...expression];
  const slot = (CAPTCHA_WIDTH - 16) / chars.length;
  chars.forEach((ch, i) => {
    const rows = FONT[ch];
    if (!rows) throw new Error(`no captcha glyph for ${ch}`);
    const cx = 8 + slot * (i + 0.5) + between(-3, 3);
    const cy = CAPTCHA_HEIGHT / 2 + between(-6, 6);
    drawGlyph(image, rows, cx, cy, between(4.2, 5.2), between(-0.25, 0.25), between(-0.25, 0.25), shade(0, 100));
  });
  for (let i = 0; i < 2; i++) drawNoiseLine(image, shade(60, 170), 1);
  for (let i = 0; i < 150; i++) {
    const x = randomInt(0, CAPTCHA_WIDTH);
    const y = randomInt(0, CAPTCHA_HEIGHT);
    const color = shade(0, 256);
    setPixel(image, x, y, color);
    if (randomInt(0, 2) === 1) setPixel(image, x + 1, y, color);
  }
  return encodePng(image);
}
