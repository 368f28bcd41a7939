// Loads the storefront's scripts (decision 053). A page the server rendered is already on screen:
// its HTML, stylesheet and covers get the connection first, and the scripts that make it
// interactive load once the page has loaded. A page rendered in the browser loads them at once.
// The build writes what to load into #app-scripts (vite.config.ts, scriptsAfterLoad).
(() => {
  const { entry, preload } = JSON.parse(document.getElementById('app-scripts').textContent);
  // The entry first; then the hints for the modules it imports, a few per task: inserting all
  // 35 at once held the main thread for 10–100 ms on the test machine.
  const PRELOADS_PER_TASK = 4;
  const load = () => {
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
  // After the frame that paints the loaded page (its cover included); a tab opened in the
  // background paints no frames, so it goes on after a moment.
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    load();
  };
  const afterPaint = () => {
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 250);
  };
  if (!document.getElementById('ssr-router-state')) load();
  else if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
