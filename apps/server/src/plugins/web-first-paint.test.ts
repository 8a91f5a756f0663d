import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml, firstPaintHtml, scriptHash } from './web-first-paint.ts';

describe('firstPaintHtml', () => {
  const paint = firstPaintHtml({
    id: 'probe-paint',
    content: '<p>content</p>',
    guardScript: 'document.getElementById("probe-paint").remove()',
    images: ['/a.svg', '/b.svg?x="1"&y=<2>'],
  });

  it('draws the shell around the content, on phones only, and hides the splash while it is there', () => {
    expect(paint.body).toMatch(
      /^<style>@media \(min-width:768px\)\{#probe-paint\{display:none\}\}/,
    );
    expect(paint.body).toContain('#probe-paint~[data-testid=splash]{display:none}');
    const root = paint.body.indexOf('<div id="probe-paint" aria-hidden="true"');
    const header = paint.body.indexOf('<div class="sticky top-[var(--safe-top)]');
    const content = paint.body.indexOf('<p>content</p>');
    const tabBar = paint.body.indexOf('<div class="fixed inset-x-0 bottom-0');
    expect(root).toBeGreaterThan(0);
    expect(header).toBeGreaterThan(root);
    expect(content).toBeGreaterThan(header);
    expect(tabBar).toBeGreaterThan(content);
  });

  it('runs its guard right after it, and preloads its pictures with their addresses escaped', () => {
    expect(
      paint.body.endsWith('</div><script>document.getElementById("probe-paint").remove()</script>'),
    ).toBe(true);
    expect(paint.head).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/a.svg"><link rel="preload" as="image" fetchpriority="high" href="/b.svg?x=&#34;1&#34;&#38;y=&#60;2&#62;">',
    );
  });

  it('names a script by the SHA-256 the CSP allows it by', () => {
    expect(scriptHash('x')).toBe(`'sha256-${createHash('sha256').update('x').digest('base64')}'`);
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&#60;a href=&#39;x&#39;&#62;&#38;&#60;/a&#62;');
  });
});
