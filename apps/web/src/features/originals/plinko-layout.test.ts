import { describe, expect, it } from 'vitest';
import {
  ballPosition,
  ballWaypoints,
  bucketOfPath,
  plinkoBoardWidth,
  plinkoLayout,
} from './plinko-layout';

describe('plinkoLayout', () => {
  it.each([8, 12, 16])('puts r + 3 pegs in row r and rows + 1 buckets under %i rows', (rows) => {
    const layout = plinkoLayout(rows);
    expect(layout.pegs).toHaveLength((rows * (rows + 5)) / 2);
    expect(layout.buckets).toHaveLength(rows + 1);
    for (const peg of layout.pegs) {
      expect(peg.x).toBeGreaterThan(0);
      expect(peg.x).toBeLessThan(plinkoBoardWidth);
    }
  });

  it('centres each bucket between two pegs of the last row', () => {
    const layout = plinkoLayout(8);
    const lastRow = layout.pegs.slice(-10);
    layout.buckets.forEach((bucket, index) => {
      const left = lastRow[index];
      const right = lastRow[index + 1];
      expect(bucket.x).toBeCloseTo(((left?.x ?? 0) + (right?.x ?? 0)) / 2, 6);
      expect(bucket.y).toBeGreaterThan(left?.y ?? 0);
    });
    expect(layout.height).toBeGreaterThan(layout.buckets[0]?.y ?? 0);
  });
});

describe('ballWaypoints', () => {
  it('ends in the bucket of the path and moves half a gap per step', () => {
    const layout = plinkoLayout(8);
    const path = [1, 0, 1, 1, 0, 1, 1, 1];
    const points = ballWaypoints(layout, path);
    expect(points).toHaveLength(8 + 2);
    expect(bucketOfPath(path)).toBe(6);
    expect(points.at(-1)?.x).toBeCloseTo(layout.buckets[6]?.x ?? Number.NaN, 6);
    for (let row = 1; row < 8; row += 1) {
      const step = (points[row + 1]?.x ?? 0) - (points[row]?.x ?? 0);
      expect(Math.abs(step)).toBeCloseTo(layout.gap / 2, 6);
      expect(Math.sign(step)).toBe(path[row - 1] === 1 ? 1 : -1);
    }
  });

  it('lands on a peg of every row', () => {
    const layout = plinkoLayout(10);
    const points = ballWaypoints(
      layout,
      Array.from({ length: 10 }, () => 0),
    );
    for (let row = 0; row < 10; row += 1) {
      const contact = points[row + 1];
      const hit = layout.pegs.some((peg) => Math.abs(peg.x - (contact?.x ?? -1)) < 1e-6);
      expect(hit).toBe(true);
    }
  });
});

describe('ballPosition', () => {
  const points = [
    { x: 0, y: 0 },
    { x: 10, y: 20 },
    { x: 20, y: 40 },
  ];
  it('starts at the first waypoint, passes each contact and stops in the bucket', () => {
    expect(ballPosition(points, 0)).toEqual({ x: 0, y: 0 });
    expect(ballPosition(points, 0.5)).toEqual({ x: 10, y: 20 });
    expect(ballPosition(points, 1)).toEqual({ x: 20, y: 40 });
  });
  it('hops up a little after a contact before falling', () => {
    expect(ballPosition(points, 0.55).y).toBeLessThan(20);
    expect(ballPosition(points, 0.95).y).toBeGreaterThan(20);
  });
});
