import { PAGES, pageAt } from './page-table';

/**
 * The first script a page runs, a few hundred bytes beside the shell's (index.html): it starts the code
 * of the page the address opens, and that page's first data, while the shell's code still downloads.
 * Without it they waited for the shell to download, run and render (Lighthouse's LCP, bench/lighthouse.ts).
 * The router loads the same modules and the page's queries fetch the same addresses: nothing is asked twice.
 */
const first = pageAt(location.pathname);
if (first) {
  // The data first: the browser opens six connections to a host, and the page's code is many files.
  if ('data' in first.route && first.route.data) {
    for (const href of first.route.data(first.id, new URLSearchParams(location.search))) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'use-credentials';
      link.href = href;
      document.head.append(link);
    }
  }
  // A failed load shows where the page renders (its lazy component loads it again).
  PAGES[first.route.page]().catch(() => {});
}
