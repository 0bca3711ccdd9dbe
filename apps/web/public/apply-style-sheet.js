// A public page comes with its critical CSS inlined and the whole style sheet preloaded (src/critical-css.ts). This
// makes the preload the page's style sheet as soon as this small file arrives, as Beasties' inline `onload` handler
// would, which the pages' Content-Security-Policy refuses. A script-made style sheet does not hold up the first paint.
for (const link of document.querySelectorAll('link[rel="preload"][as="style"]')) link.rel = 'stylesheet';
