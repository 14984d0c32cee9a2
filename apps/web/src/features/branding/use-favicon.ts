// Keeps the document's favicon on the company's white-label icon.
import { useEffect } from 'react';

export function useFavicon(href: string): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    if (link.getAttribute('href') !== href) {
      link.removeAttribute('type');
      link.href = href;
    }
  }, [href]);
}
