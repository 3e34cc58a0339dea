import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
for (const js of [true, true, true]) {
  const ctx = await b.newContext({ javaScriptEnabled: js, baseURL: 'http://127.0.0.1:3299' });
  const page = await ctx.newPage();
  page.on('request', r => { if (r.method() === 'POST') console.log(js, 'POST', r.url(), r.resourceType()); });
  page.on('response', r => { if (r.request().method() === 'POST') console.log(js, 'RESP', r.status(), r.url()); });
  await page.goto('/login');
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForTimeout(1000);
  console.log(js, await page.locator('.field__error').allTextContents(), await page.locator('.error-summary').allTextContents());
  await page.fill('#login-username', 'player01');
  await page.fill('#login-password', 'wrongpass');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForTimeout(1500);
  console.log(js, page.url(), await page.locator('.field__error').allTextContents(), await page.inputValue('#login-username'), await page.inputValue('#login-password'));
  
}
await b.close();
