import type { SportEventSummary } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { englishSportsbookPaintTexts } from '../../test/fixtures/sportsbook-paint-texts.ts';
import type { SportsbookPaintTexts } from './web-paint-texts.ts';
import { type SportsbookBootData, sportsbookPaintHtml } from './web-sportsbook-paint.ts';

const texts: SportsbookPaintTexts = {
  ...englishSportsbookPaintTexts,
  sports: [
    { id: 1, kind: 'sport', label: 'Football' },
    { id: 109, kind: 'esport', label: 'Counter-Strike' },
    { id: 5, kind: 'sport', label: 'Tennis' },
  ],
};

function event(id: number, sportId: number, names: [string, string]): SportEventSummary {
  return {
    id,
    sportId,
    league: { id: `l${sportId}`, name: 'Premier', category: { id: 'c', name: 'England' } },
    home: { id: 'h', name: names[0] },
    away: { id: 'a', name: names[1] },
    startsAt: '2026-11-27T15:00:00.000Z',
    status: 'live',
    score: { home: 2, away: 1, periods: [] },
    clock: null,
    version: 1,
    mainMarket: {
      id: 1,
      typeId: 1,
      name: '1x2',
      specifiers: {},
      status: 'active',
      outcomes: [
        { id: '1', name: 'home', odds: '1.85', active: true },
        { id: 'X', name: 'draw', odds: '3.4', active: true },
        { id: '2', name: 'away', odds: null, active: false },
      ],
    },
  };
}

function data(items: SportEventSummary[]): SportsbookBootData {
  const page = (list: SportEventSummary[]) => ({
    items: list,
    meta: { offset: 0, limit: 100, total: list.length },
  });
  return {
    at: 0,
    sports: [
      { id: 1, slug: 'soccer', name: 'Soccer', kind: 'sport', liveCount: 7, upcomingCount: 3 },
    ],
    live: page(items),
    soon: page([]),
  };
}

describe('the sportsbook drawn by the HTML', () => {
  test('draws the header, the tabs (sports before e-sports, live counts) and the live rows', () => {
    const paint = sportsbookPaintHtml(
      data([event(1, 1, ['Arsenal', 'Chelsea']), event(2, 5, ['Sinner', 'Alcaraz'])]),
      texts,
    );
    expect(paint.head).toBe('');
    expect(paint.body).toContain('>Sportsbook</h1>');
    expect(paint.body).toContain('>Sports and e-sports.</p>');
    const tabOrder = ['All sports', 'Football', 'Tennis', 'Counter-Strike'].map((label) =>
      paint.body.indexOf(`${label}<`),
    );
    expect(tabOrder).toEqual([...tabOrder].sort((a, b) => a - b));
    expect(paint.body).toContain('Football<span class="rounded-md bg-danger-500/15');
    expect(paint.body).toContain('>7</span>');
    expect(paint.body).toContain('>Arsenal</span>');
    expect(paint.body).toContain('>Alcaraz</span>');
    expect(paint.body).toContain('>1.85</span>');
    // decimal odds as the app shows them (two decimals), a suspended price without one
    expect(paint.body).toContain('>3.40</span>');
    expect(paint.body).not.toContain('No live matches');
    expect(paint.body).toMatch(/<\/div><script>[^<]*oddsFormat[^<]*<\/script>$/);
  });

  test('without live matches, the empty state, then the matches starting soon or theirs', () => {
    const paint = sportsbookPaintHtml(data([]), texts);
    expect(paint.body).toContain('>No live matches right now</p>');
    expect(paint.body).toContain('>Matches show up here as they start.</p>');
    expect(paint.body).toContain('Starting soon</h2>');
    expect(paint.body).toContain('>Nothing scheduled yet</p>');
    const soon = { ...event(9, 1, ['Leeds', 'Everton']), status: 'not_started' as const };
    const withSoon = sportsbookPaintHtml({ ...data([]), soon: data([soon]).live }, texts);
    expect(withSoon.body).toContain('>Leeds</span>');
    expect(withSoon.body).not.toContain('Nothing scheduled yet');
    // not live: no score
    expect(withSoon.body).not.toContain('text-gold-400 tabular-nums');
  });

  test('draws the first rows only, and nothing under a live list drawn in part', () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      event(index + 1, 1, [`Home ${index}`, `Away ${index}`]),
    );
    const paint = sportsbookPaintHtml(data(many), texts);
    expect(paint.body).toContain('>Home 7<');
    expect(paint.body).not.toContain('>Home 8<');
    expect(paint.body).not.toContain('Starting soon');
  });

  test('every text is escaped: none can close an element', () => {
    const hostile = event(1, 1, ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>']);
    hostile.league.name = '</span><script>alert(2)</script>';
    const paint = sportsbookPaintHtml(data([hostile]), {
      ...texts,
      title: '<b>x</b>',
      sports: [{ id: 1, kind: 'sport', label: '<i>' }],
    });
    expect(paint.body).not.toMatch(/<script>alert|<img|<b>|<i>/);
    expect(paint.body).toContain('&#60;script&#62;alert(1)');
  });
});
