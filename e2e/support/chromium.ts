import { readFileSync } from 'node:fs';

/*
 * How the browser suite runs Debian's Chromium (decision 116).
 *
 * Chromium's headless mode is the whole browser without a screen: every window Playwright opens
 * (one per page) gets a location bar, and since Chromium 15x its suggestion popup is a web page of
 * its own, loaded into a renderer of its own as the window opens (chrome://omnibox-popup, about
 * 400 requests). Measured on the 2-core machine, that was 1.9 of the 2.8 s of CPU a new page cost
 * before it loaded anything; the suite opens about 150. No test types into a location bar.
 */
const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/*
 * Chromium honours only the last --disable-features on its command line, and Playwright passes
 * its own list first; ours must repeat it. This is playwright-core 1.65's list;
 * `expectPlaywrightFeaturesKept` fails the suite's set-up, naming what is missing, when an upgrade
 * changes it.
 */
const PLAYWRIGHT_FEATURES_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** Flags for Debian's Chromium in a container: no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_FEATURES_OFF, ...FEATURES_OFF].join(',')}`,
];

const DISABLE_FEATURES = '--disable-features=';

/**
 * Fails when the running browser (its process id) was started with a --disable-features list of
 * Playwright's that ours, the last and so the one Chromium applies, leaves out. Reads the command
 * line from /proc, so it checks nothing where there is none.
 */
export function expectPlaywrightFeaturesKept(pid: number | undefined) {
  let commandLine: string[];
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return;
  }
  const lists = commandLine
    .filter((arg) => arg.startsWith(DISABLE_FEATURES))
    .map((arg) => arg.slice(DISABLE_FEATURES.length).split(','));
  const applied = new Set(lists.at(-1));
  const dropped = lists
    .slice(0, -1)
    .flat()
    .filter((feature) => feature && !applied.has(feature));
  if (dropped.length)
    throw new Error(
      `Chromium applies only the last --disable-features, and ours leaves out Playwright's ${dropped.join(', ')}: ` +
        'add them to PLAYWRIGHT_FEATURES_OFF in e2e/support/chromium.ts.',
    );
}
