// axe-core over a page, as the accessibility tests (e2e/a11y.spec.ts and others, through seriousFindings) and the
// bench (scripts/bench/accessibility.ts) run it. No test fixtures here: the bench imports it too.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

export interface AxeOptions {
  include?: string;
  tags?: string[];
}

/** A violation as the page hands it back: its rule, impact, and the elements' selectors. */
export interface Violation {
  id: string;
  impact?: string | null;
  targets: string[];
}

/**
 * axe-core run in the page itself, handing back only the violations' rules and selectors: a page without frames
 * needs nothing more. (@axe-core/playwright's default runs `runPartial` in each frame and `finishRun` in a blank
 * page it sends every partial result to: 38 s on /api with its 11,600 elements, where this takes 6 s. Evaluated
 * through the DevTools protocol, the source is not an inline script, so the page's CSP does not stop it.)
 */
async function violationsInPage(page: Page, options: AxeOptions): Promise<Violation[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async ({ include, tags }) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const results = await inPage.run(include ? { include: [include] } : document, {
      ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, options);
}

/** The violations of a page with frames (a package playground's preview): axe in each frame, as the package runs it. */
async function violationsWithFrames(page: Page, options: AxeOptions): Promise<Violation[]> {
  // The same axe-core as violationsInPage, not the package's own copy: one set of rules whichever path a page takes.
  let builder = new AxeBuilder({ page, axeSource: axe.source });
  if (options.include) builder = builder.include(options.include);
  if (options.tags) builder = builder.withTags(options.tags);
  // Only violations carry their nodes: passes would carry every element's markup back from the page.
  const results = await builder.options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** The page's axe violations: in the page itself when it has no frames, else in each frame. */
export function axeViolations(page: Page, options: AxeOptions = {}): Promise<Violation[]> {
  return page.frames().length > 1 ? violationsWithFrames(page, options) : violationsInPage(page, options);
}

/**
 * The page's serious and critical axe findings, one line each (rule, then at most five elements): within `include`
 * when given, by the rules of `tags` when given, else every rule. Frames and all: a page with frames is read in each.
 */
export async function seriousFindings(page: Page, options: AxeOptions = {}): Promise<string[]> {
  return (await axeViolations(page, options))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.targets.slice(0, 5).join(', ')}${violation.targets.length > 5 ? ` (+${violation.targets.length - 5})` : ''}`,
    );
}
