import { useEffect } from 'react';

const SHOP_NAME = 'Bookshop';

/** Names the browser tab (and history entry) after the page; undefined keeps the shop name. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
