import { chromium } from '@playwright/test';
const base = 'http://localhost:8097';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const r = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@casino.local', password: 'demo-player-2026' }) });
const { token } = await r.json();
const views = { phone: { width: 390, height: 844 }, desk: { width: 1440, height: 900 } };
const errors = [];
for (const [v, viewport] of Object.entries(views)) {
  const ctx = await browser.newContext({ viewport, isMobile: v === 'phone', hasTouch: v === 'phone' });
  await ctx.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${v} ${page.url()} ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`${v} ${page.url()} PAGEERROR ${e.message}`));
  for (const [name, path] of [['home', '/en/'], ['sport', '/en/sportsbook'], ['mybets', '/en/sportsbook/my-bets'], ['bonuses', '/en/bonuses'], ['profile', '/en/profile'], ['game', '/en/games/disco-inferno-keno']]) {
    await page.goto(base + path, { waitUntil: 'networkidle' }).catch(() => {});
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/work/tools/shots/t-${name}-${v}.png` });
  }
  await ctx.close();
}
console.log(errors.join('\n') || 'no console errors');
await browser.close();
