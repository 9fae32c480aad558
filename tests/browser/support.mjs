// Helpers shared by the browser tests: the server's own /evaluate, and an axe-core run.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * `POST /evaluate` on the server with a bearer `token`; `version` pins a loaded module
 * (`X-Engine-Version`). A string body is sent as written.
 */
export async function serverEvaluate(base, token, body, version = null) {
  const response = await fetch(`${base}/evaluate`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(version ? { 'X-Engine-Version': version } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Runs axe-core on the page (opened with `bypassCSP`, to inject it) and returns its serious or
 * critical violations in words, and axe's report line.
 */
export async function seriousAxeViolations(page) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  const all = results.violations.map((v) => `${v.id} (${v.impact})`).join(', ');
  return { bad, report: `axe-core ${results.testEngine.version}: ${results.violations.length} violation(s)${all ? ` [${all}]` : ''}` };
}
