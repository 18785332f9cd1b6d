import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageScore {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  /** Script bytes transferred on first load (compressed as served). */
  scriptTransferBytes: number;
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse with its default (mobile) configuration, in Debian's Chromium. */
export async function runLighthouse(
  urls: string[],
  extraHeaders?: Record<string, string>,
): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  const scores: PageScore[] = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        extraHeaders,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      const items =
        (
          lhr.audits['resource-summary']?.details as
            { items?: Array<{ resourceType: string; transferSize: number }> } | undefined
        )?.items ?? [];
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      scores.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        scriptTransferBytes:
          items.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
