/*
 * Loads the storefront's scripts (decision 053). The build puts this file, compiled and minified,
 * inline at the end of every page (vite.config.ts, scriptsAfterLoad), so it costs no request and
 * runs as the page is parsed; the page's Content-Security-Policy allows it by its hash. What to
 * load is named in #app-scripts.
 *
 * A page the server rendered is already readable: its HTML, stylesheet and covers get the
 * connection first, and the scripts that make it interactive are fetched only once the page has
 * loaded and its first paint is on the screen (decision 111). A page rendered in the browser
 * loads them at once.
 */
(() => {
  const named = document.getElementById('app-scripts')?.textContent;
  if (!named) return;
  const { entry, preload } = JSON.parse(named) as { entry: string; preload: string[] };
  // The entry first; then the hints for the modules it imports, a few per task: inserting all
  // 35 at once held the main thread for 10–100 ms on the test machine.
  const PRELOADS_PER_TASK = 4;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    let next = 0;
    const preloadSome = () => {
      const links = preload.slice(next, (next += PRELOADS_PER_TASK)).map((href) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        return link;
      });
      document.head.append(...links);
      if (next < preload.length) setTimeout(preloadSome, 0);
    };
    preloadSome();
  };
  if (!document.getElementById('ssr-router-state')) return load();

  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
  });
  // The browser reports the first contentful paint once that frame is presented; a frame's
  // callbacks run before it is drawn, so waiting for one alone let the scripts start while the
  // first paint was still on its way to the screen.
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  // Then one more frame, which draws what the load event brought (the covers' first paint).
  void Promise.all([loaded, painted]).then(() => requestAnimationFrame(() => setTimeout(load, 0)));
  // A tab opened in the background paints nothing: it loads them once the page has. So does a
  // page whose paint is never reported, a few seconds on.
  const inBackground = () => document.visibilityState === 'hidden';
  void loaded.then(() => {
    if (inBackground()) load();
    else setTimeout(load, 3_000);
  });
  addEventListener('visibilitychange', () => {
    if (inBackground()) void loaded.then(load);
  });
})();
