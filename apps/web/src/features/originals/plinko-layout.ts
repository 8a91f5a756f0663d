/**
 * The plinko board's geometry in SVG user units: a triangle of pegs (row r holds r + 3 pegs),
 * the buckets under the last row, and the ball's path from the path of left/right steps.
 * The ball starts above the middle peg of the first row; each step moves it half a peg gap.
 */

export const plinkoBoardWidth = 1000;

export interface Point {
  x: number;
  y: number;
}

export interface PlinkoLayout {
  rows: number;
  /** horizontal distance between neighbouring pegs */
  gap: number;
  pegRadius: number;
  ballRadius: number;
  pegs: Point[];
  /** the centre of each bucket, left to right (rows + 1 of them) */
  buckets: Point[];
  bucketWidth: number;
  bucketHeight: number;
  height: number;
}

const topMargin = 0.9;
const rowHeightRatio = 0.86;

export function plinkoLayout(rows: number): PlinkoLayout {
  const gap = plinkoBoardWidth / (rows + 2);
  const rowHeight = gap * rowHeightRatio;
  const center = plinkoBoardWidth / 2;
  const top = gap * topMargin;
  const pegs: Point[] = [];
  for (let row = 0; row < rows; row += 1) {
    const count = row + 3;
    for (let index = 0; index < count; index += 1) {
      pegs.push({ x: center + (index - (count - 1) / 2) * gap, y: top + row * rowHeight });
    }
  }
  const bucketHeight = gap * 0.72;
  const bucketY = top + (rows - 1) * rowHeight + rowHeight * 0.55 + bucketHeight / 2;
  const buckets: Point[] = [];
  for (let bucket = 0; bucket <= rows; bucket += 1) {
    buckets.push({ x: center + (bucket - rows / 2) * gap, y: bucketY });
  }
  return {
    rows,
    gap,
    pegRadius: Math.max(3, gap * 0.09),
    ballRadius: gap * 0.22,
    pegs,
    buckets,
    bucketWidth: gap * 0.9,
    bucketHeight,
    height: bucketY + bucketHeight / 2 + gap * 0.2,
  };
}

/**
 * Where the ball touches down: above the first row's middle peg, then on a peg of each row
 * (after the steps so far), then in its bucket. `path` holds one step per row (0 left, 1 right).
 */
export function ballWaypoints(layout: PlinkoLayout, path: readonly number[]): Point[] {
  const center = plinkoBoardWidth / 2;
  const firstPeg = layout.pegs[1];
  const top = firstPeg?.y ?? 0;
  const rowHeight = layout.gap * rowHeightRatio;
  const lift = layout.pegRadius + layout.ballRadius;
  const points: Point[] = [{ x: center, y: top - rowHeight }];
  let rights = 0;
  for (let row = 0; row < layout.rows; row += 1) {
    points.push({ x: center + (rights - row / 2) * layout.gap, y: top + row * rowHeight - lift });
    rights += path[row] === 1 ? 1 : 0;
  }
  const bucket = layout.buckets[rights];
  if (bucket) points.push({ x: bucket.x, y: bucket.y - layout.bucketHeight * 0.1 });
  return points;
}

/** The bucket a path ends in: the number of right steps. */
export function bucketOfPath(path: readonly number[]): number {
  return path.reduce((sum, step) => sum + (step === 1 ? 1 : 0), 0);
}

/**
 * The ball's position `progress` (0..1) along its waypoints: it falls from one contact to the
 * next in an arc, sideways at an even pace and downwards under gravity after a small hop.
 */
export function ballPosition(points: readonly Point[], progress: number): Point {
  const first = points[0];
  if (!first) return { x: 0, y: 0 };
  const segments = points.length - 1;
  if (segments <= 0 || progress <= 0) return first;
  if (progress >= 1) return points[segments] ?? first;
  const scaled = progress * segments;
  const index = Math.floor(scaled);
  const t = scaled - index;
  const from = points[index] ?? first;
  const to = points[index + 1] ?? from;
  const hop = index === 0 ? 0 : (to.y - from.y) * 0.35;
  return {
    x: from.x + (to.x - from.x) * t,
    // y(t) = from + Δ·t² − hop·4t(1−t): starts at the contact, rises a little, lands on `to`
    y: from.y + (to.y - from.y) * t * t - hop * 4 * t * (1 - t),
  };
}
