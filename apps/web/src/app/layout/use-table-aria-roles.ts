import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/*
 * Tables styled as blocks or grids for small screens lose their table semantics in some
 * browsers. Explicit ARIA roles (and column scope on header cells) keep them readable by
 * screen readers (spec: applied on page changes).
 */
function patchTables(root: ParentNode) {
  for (const table of root.querySelectorAll('table')) {
    table.setAttribute('role', 'table');
    for (const group of table.querySelectorAll(':scope > thead, :scope > tbody, :scope > tfoot')) {
      group.setAttribute('role', 'rowgroup');
    }
    for (const row of table.querySelectorAll('tr')) row.setAttribute('role', 'row');
    for (const cell of table.querySelectorAll('td')) cell.setAttribute('role', 'cell');
    for (const header of table.querySelectorAll('th')) {
      if (header.getAttribute('scope') === 'row') {
        header.setAttribute('role', 'rowheader');
      } else {
        header.setAttribute('role', 'columnheader');
        header.setAttribute('scope', 'col');
      }
    }
  }
}

/** Patches the tables inside `container` after each navigation, including ones that render late. */
export function useTableAriaRoles(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    patchTables(root);
    // Pages load lazily and fetch their data, so their tables appear after the navigation.
    const observer = new MutationObserver((mutations) => {
      if (mutations.some((mutation) => mutation.addedNodes.length > 0)) patchTables(root);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, container]);
}
